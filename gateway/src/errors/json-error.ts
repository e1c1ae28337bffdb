import type { ServerResponse } from 'node:http';
import type { ErrorBody } from '@aba/contracts/api';

/** Answers `{ error }` with `status` directly on the node response (for code that runs outside Nest's filters). */
export function sendJsonError(
  response: ServerResponse,
  status: number,
  error: string,
  extra?: Omit<ErrorBody, 'error'>,
) {
  if (response.headersSent) {
    if (!response.writableEnded) response.destroy();
    return;
  }
  if (response.destroyed) return;
  const body = JSON.stringify({ error, ...extra } satisfies ErrorBody);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  response.end(body);
}
