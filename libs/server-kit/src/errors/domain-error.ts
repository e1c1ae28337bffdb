/**
 * A failure the caller can act on. Each subclass fixes its status; the message is returned verbatim
 * (messages quoted by the spec are translated by the front end by their exact text).
 */
export abstract class DomainError extends Error {
  abstract readonly status: number;
}

export class ValidationFailed extends DomainError {
  readonly status = 400;
}
export class Unauthenticated extends DomainError {
  readonly status = 401;
}
/** A call that a payment would open, e.g. a child's data without an active licence. */
export class PaymentRequired extends DomainError {
  readonly status = 402;
}
export class Forbidden extends DomainError {
  readonly status = 403;
}
export class NotFound extends DomainError {
  readonly status = 404;
}
export class Conflict extends DomainError {
  readonly status = 409;
}
/** Whole seconds of a `Retry-After` for a wait of `ms` (at least 1). */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** 429, with the seconds after which a retry can succeed (answered as `Retry-After`). */
export class TooManyRequests extends DomainError {
  readonly status = 429;

  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
