import type { LoggerService } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { REQUEST_ID_HEADER } from '../internal-token/internal-token.js';

export function createLogger(name: string, level: string): Logger {
  return pino({ name, level, base: { service: name } });
}

/** Routes Nest's own log lines to pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  // Nest calls these as (message, ...params, context): a Logger made with a context appends it last, so
  // `logger.warn({ err }, 'text')` arrives as ({ err }, 'text', 'Context').
  log(message: unknown, ...params: unknown[]) {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]) {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]) {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]) {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]) {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]) {
    this.write('fatal', message, params);
  }

  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, params: unknown[]) {
    const last = params.at(-1);
    const context = typeof last === 'string' ? last : undefined;
    const text = (context === undefined ? params : params.slice(0, -1)).find((p) => typeof p === 'string');
    if (message !== null && typeof message === 'object') {
      this.logger[level]({ context, ...(message as object) }, text as string | undefined);
    } else {
      this.logger[level]({ context }, String(message));
    }
  }
}

const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;

/** The caller's request id when it is a sane token, else a new one (a client must not inject log content). */
export function requestIdFrom(header: string | string[] | undefined): string {
  const incoming = Array.isArray(header) ? header[0] : header;
  return incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

/** Logs each request once, with the request id the gateway chose (or a new one), echoed in the response. */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(request: IncomingMessage, response: ServerResponse) {
      const id = requestIdFrom(request.headers[REQUEST_ID_HEADER]);
      response.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    customLogLevel(_request, response, error) {
      if (error || response.statusCode >= 500) return 'error';
      return 'info';
    },
    serializers: {
      req: (request: { id: string; method: string; url: string }) => ({
        id: request.id,
        method: request.method,
        url: request.url,
      }),
      res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
    },
  });
}
