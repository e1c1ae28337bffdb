import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ZodError } from 'zod';
import { ErrorMessages, type ErrorBody } from '@aba/contracts/api';
import { DomainError } from './domain-error.js';

interface JsonResponse {
  status(code: number): JsonResponse;
  json(body: ErrorBody): void;
  headersSent?: boolean;
}

export function describeZodError(error: ZodError): string {
  const first = error.issues[0];
  if (!first) return 'Invalid request';
  const field = first.path.join('.');
  return field ? `${field}: ${first.message}` : first.message;
}

/** Maps every failure to `{ error }` with a fitting status; a 500 logs an id and the stack, and answers nothing else. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<JsonResponse>();
    if (response.headersSent) return;
    const [status, body] = this.toResponse(exception);
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
      if (status < 500) return [status, { error: this.httpMessage(exception) }];
    }
    const id = randomUUID();
    this.logger.error(
      { errorId: id, err: exception },
      exception instanceof Error ? exception.stack : String(exception),
    );
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
