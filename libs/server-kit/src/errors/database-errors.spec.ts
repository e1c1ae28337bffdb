import { databaseErrorCode, PostgresErrors } from './database-errors.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('databaseErrorCode', () => {
  it("reads the driver's code, also when the ORM wraps the driver's error", () => {
    const violation = withCode('violates foreign key constraint', PostgresErrors.foreignKeyViolation);
    expect(databaseErrorCode(violation)).toBe('23503');
    expect(databaseErrorCode(new Error('driver exception', { cause: violation }))).toBe('23503');
    expect(databaseErrorCode(withCode('deadlock detected', '40P01'))).toBe(PostgresErrors.deadlockDetected);
  });

  it('answers null for a failure that carries no code', () => {
    expect(databaseErrorCode(new TypeError('x is undefined'))).toBeNull();
    expect(databaseErrorCode(new Error('wrapped', { cause: 'not an error' }))).toBeNull();
    expect(databaseErrorCode(undefined)).toBeNull();
  });
});
