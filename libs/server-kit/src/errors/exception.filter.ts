import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ZodError } from 'zod';
import { ErrorMessages, type ErrorBody } from '@aba/contracts/api';
import { causeChain } from './database-errors.js';
import { DomainError, TooManyRequests } from './domain-error.js';

interface JsonResponse {
  status(code: number): JsonResponse;
  json(body: ErrorBody): void;
  setHeader(name: string, value: string): void;
  headersSent?: boolean;
}

export function describeZodError(error: ZodError): string {
  const first = error.issues[0];
  if (!first) return 'Invalid request';
  const field = first.path.join('.');
  // Some contract messages name their field already ('sub_plan_id: expected a sub-plan id').
  return field && !first.message.startsWith(`${field}:`) ? `${field}: ${first.message}` : first.message;
}

/** Postgres and connection codes of a database that cannot answer now (down, restarting, unreachable). */
const DATABASE_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
/** What the pg pool says when it gives up waiting for a connection or loses one (it sets no code). */
const DATABASE_UNAVAILABLE_MESSAGE = /timeout exceeded when trying to connect|Connection terminated/i;
const STATEMENT_TIMEOUT_CODE = '57014';

/**
 * The answer for a database that cannot serve the request right now, or null for any other failure. The error is
 * looked for along its `cause` chain (the ORM wraps the driver's error).
 */
export function databaseOutage(exception: unknown): [number, string] | null {
  for (const error of causeChain(exception)) {
    const code = (error as { code?: unknown }).code;
    if (code === STATEMENT_TIMEOUT_CODE) return [503, ErrorMessages.serviceTimeout];
    if (typeof code === 'string' && DATABASE_UNAVAILABLE_CODES.has(code))
      return [503, ErrorMessages.serviceUnavailable];
    if (DATABASE_UNAVAILABLE_MESSAGE.test(error.message)) return [503, ErrorMessages.serviceUnavailable];
  }
  return null;
}

/**
 * Maps every failure to `{ error }` with a fitting status; a 5xx logs an id and the stack, and answers nothing else
 * (503 when the database cannot answer now, so the caller knows a retry may succeed).
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<JsonResponse>();
    if (response.headersSent) return;
    const [status, body] = this.toResponse(exception);
    if (exception instanceof TooManyRequests)
      response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    response.status(status).json(body);
  }

  private toResponse(exception: unknown): [number, ErrorBody] {
    if (exception instanceof DomainError) {
      return [exception.status, { error: exception.message }];
    }
    if (exception instanceof ZodError) {
      return [400, { error: describeZodError(exception) }];
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      // body-parser's own words ("request entity too large") are not the contract's, which the screens translate.
      if (status === 413) return [413, { error: ErrorMessages.requestTooLarge }];
      if (status < 500) return [status, { error: this.httpMessage(exception) }];
    }
    const id = randomUUID();
    this.logger.error(
      { errorId: id, err: exception },
      exception instanceof Error ? exception.stack : String(exception),
    );
    const outage = databaseOutage(exception);
    if (outage) return [outage[0], { error: outage[1], id }];
    return [500, { error: ErrorMessages.internal, id }];
  }

  private httpMessage(exception: HttpException): string {
    const body = exception.getResponse();
    if (typeof body === 'string') return body;
    const message = (body as { message?: unknown }).message;
    if (Array.isArray(message)) return message.join(', ');
    if (typeof message === 'string') return message;
    return exception.message;
  }
}
