import type { IncomingMessage } from 'node:http';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { z } from 'zod';
import { INTERNAL_TOKEN_HEADER, REQUEST_ID_HEADER, requestIdFrom } from '@aba/server-kit';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../config.js';

/** How long another service has to answer identity's call (a whole export part included). */
export const INTERNAL_CALL_TIMEOUT_MS = 10_000;

/** The services identity asks, as the caller, for what only they hold. */
export type InternalService = keyof IdentitySettings['services'];

/** What identity passes on to the services it asks: the caller's own internal token and the request's id. */
export interface ForwardedCall {
  token: string;
  requestId: string;
}

/**
 * The call to pass on for a request: its internal token, and the id it is logged under (pino-http's, else the
 * header's), so the services' log lines of this call share it.
 */
export function forwardedCall(token: string, request: IncomingMessage & { id?: unknown }): ForwardedCall {
  const requestId =
    typeof request.id === 'string' ? request.id : requestIdFrom(request.headers[REQUEST_ID_HEADER]);
  return { token, requestId };
}

/** One `GET` of another service's internal path, and what identity answers when it cannot be had. */
export interface InternalGet<T> {
  service: InternalService;
  path: string;
  /** The contract the answer must meet. */
  schema: z.ZodType<T>;
  /** What is wrong with an answer that meets the contract, in words without personal data; null when nothing. */
  check?: (answer: T) => string | null;
  /** The log line's message when the call fails. */
  failure: string;
  /** The error the caller answers when the call fails (a 503). */
  unavailable: () => Error;
}

/** An answer refused for a reason worth logging (never a value from it: those are personal data). */
class RefusedAnswer extends Error {}

/** Why a call failed, in words that hold no personal data. */
function reasonOf(error: unknown): string {
  if (error instanceof RefusedAnswer) return error.message;
  if (error instanceof Error && error.name === 'TimeoutError') {
    return `no answer within ${INTERNAL_CALL_TIMEOUT_MS} ms`;
  }
  if (error instanceof SyntaxError) return 'an answer that is not JSON';
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.name : 'unknown';
}

/**
 * Identity's calls to therapy and billing (`THERAPY_URL`, `BILLING_URL`) as the caller: with the internal token the
 * gateway gave identity for this request, so each service answers for the user the gateway vouched for, and no service
 * reads another's schema (ADR 0048). Used by the account export (each service's part) and the account deletion
 * (therapy's account of the caller's children, ADR 0050).
 */
@Injectable()
export class InternalCalls {
  private readonly logger = new Logger(InternalCalls.name);

  constructor(@Inject(IDENTITY_SETTINGS) private readonly settings: IdentitySettings) {}

  /**
   * The service's answer, checked against the contract and `check`. Refused, late (`INTERNAL_CALL_TIMEOUT_MS`), not
   * 200 or not valid: `unavailable()` is thrown, the cause logged without personal data.
   */
  async get<T>(call: InternalGet<T>, as: ForwardedCall): Promise<T> {
    try {
      return await this.ask(call, as);
    } catch (error) {
      this.logger.warn(
        { service: call.service, path: call.path, requestId: as.requestId, reason: reasonOf(error) },
        call.failure,
      );
      throw call.unavailable();
    }
  }

  private async ask<T>(call: InternalGet<T>, as: ForwardedCall): Promise<T> {
    const answer = await fetch(`${this.settings.services[call.service]}${call.path}`, {
      headers: {
        accept: 'application/json',
        [INTERNAL_TOKEN_HEADER]: as.token,
        [REQUEST_ID_HEADER]: as.requestId,
      },
      signal: AbortSignal.timeout(INTERNAL_CALL_TIMEOUT_MS),
    });
    if (answer.status !== 200) {
      await answer.body?.cancel();
      throw new RefusedAnswer(`status ${answer.status}`);
    }
    const parsed = call.schema.safeParse(await answer.json());
    if (!parsed.success) {
      const where = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.')} ${issue.code}`);
      throw new RefusedAnswer(`not a valid answer: ${where.join('; ')}`);
    }
    const problem = call.check?.(parsed.data);
    if (problem) throw new RefusedAnswer(`not a valid answer: ${problem}`);
    return parsed.data;
  }
}
