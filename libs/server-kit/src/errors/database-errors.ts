/** SQLSTATE codes of Postgres failures a service answers or retries rather than reporting a 500. */
export const PostgresErrors = {
  /** A row the statement refers to is gone (deleted by a transaction that committed meanwhile). */
  foreignKeyViolation: '23503',
  uniqueViolation: '23505',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;

/** The exception and the errors it wraps, outermost first (the ORM wraps the driver's error in `cause`). */
export function* causeChain(exception: unknown): Generator<Error> {
  let current: unknown = exception;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    yield current;
    current = current.cause;
  }
}

/** The database's code for a failure (a SQLSTATE, or a connection error code), the outermost one found, or null. */
export function databaseErrorCode(exception: unknown): string | null {
  for (const error of causeChain(exception)) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return null;
}

/** A unique index refused the row (the ORM's exception or the driver's error under it). */
export function isUniqueViolation(exception: unknown): boolean {
  return databaseErrorCode(exception) === PostgresErrors.uniqueViolation;
}

/** The constraint (or unique index) a failure violated, as the database named it, or null. */
export function violatedConstraint(exception: unknown): string | null {
  for (const error of causeChain(exception)) {
    const constraint = (error as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return null;
}
