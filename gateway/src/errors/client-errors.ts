import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ErrorMessages } from '@aba/contracts/api';

/**
 * Requests Node refuses before any handler runs (headers over 16 KB, a request line that does not parse, a request
 * that is too slow to arrive) are answered with the same `{ error }` JSON as everything else, not an empty body.
 */
export function answerClientErrorsWithJson(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, ErrorMessages.requestTooLarge]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, ErrorMessages.requestUnreadable]
          : [400, ErrorMessages.requestUnreadable];
    const body = JSON.stringify({ error: message });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nConnection: close\r\n\r\n' +
        body,
    );
  });
}
