import { retryAfterSeconds } from './domain-error.js';

describe('retryAfterSeconds', () => {
  it('answers whole seconds, at least one', () => {
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(-5)).toBe(1);
    expect(retryAfterSeconds(1_001)).toBe(2);
    expect(retryAfterSeconds(900_000)).toBe(900);
  });
});
