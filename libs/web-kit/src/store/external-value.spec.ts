import { externalValue } from './external-value.js';

describe('a value outside React', () => {
  it('holds what was set last, starting from its initial value', () => {
    const value = externalValue<number | null>(null);
    expect(value.get()).toBeNull();
    value.set(3);
    expect(value.get()).toBe(3);
  });
});
