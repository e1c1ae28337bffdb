import {
  Conflict,
  Forbidden,
  NotFound,
  PaymentRequired,
  TooManyRequests,
  Unauthenticated,
  ValidationFailed,
  retryAfterSeconds,
} from './domain-error.js';

describe('retryAfterSeconds', () => {
  it('answers whole seconds, at least one', () => {
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(-5)).toBe(1);
    expect(retryAfterSeconds(1_001)).toBe(2);
    expect(retryAfterSeconds(900_000)).toBe(900);
  });
});

describe('domain errors', () => {
  it('each answer their own status with the message given', () => {
    const errors = [
      new ValidationFailed('a'),
      new Unauthenticated('b'),
      new PaymentRequired('c'),
      new Forbidden('d'),
      new NotFound('e'),
      new Conflict('f'),
      new TooManyRequests('g', 3),
    ];
    expect(errors.map((error) => [error.status, error.message])).toEqual([
      [400, 'a'],
      [401, 'b'],
      [402, 'c'],
      [403, 'd'],
      [404, 'e'],
      [409, 'f'],
      [429, 'g'],
    ]);
  });
});
