import { UniqueConstraintViolationException } from '@mikro-orm/core';
import {
  databaseErrorCode,
  isUniqueViolation,
  PostgresErrors,
  violatedConstraint,
} from './database-errors.js';

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

describe('isUniqueViolation', () => {
  it("knows a refused duplicate from the driver's error and from the ORM's exception over it", () => {
    const driverError = withCode('duplicate key value violates unique constraint', '23505');
    expect(isUniqueViolation(driverError)).toBe(true);
    expect(isUniqueViolation(new UniqueConstraintViolationException(driverError))).toBe(true);
    expect(isUniqueViolation(withCode('violates foreign key constraint', '23503'))).toBe(false);
    expect(isUniqueViolation(new Error('no code'))).toBe(false);
  });
});

describe('violatedConstraint', () => {
  it("names the index the database named, from the driver's error under the ORM's exception", () => {
    const driverError = Object.assign(withCode('duplicate key value', '23505'), {
      constraint: 'behavior_tracking_pkey',
    });
    expect(violatedConstraint(new UniqueConstraintViolationException(driverError))).toBe(
      'behavior_tracking_pkey',
    );
    expect(violatedConstraint(withCode('duplicate key value', '23505'))).toBeNull();
  });
});
