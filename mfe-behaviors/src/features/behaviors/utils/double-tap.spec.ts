import { DOUBLE_TAP_MS, isDoubleTap } from './double-tap.js';

describe('isDoubleTap', () => {
  it('asks about a second tap within the window, not about a first tap or a later one', () => {
    expect(isDoubleTap(undefined, 1_000)).toBe(false);
    expect(isDoubleTap(1_000, 1_120)).toBe(true);
    expect(isDoubleTap(1_000, 1_000 + DOUBLE_TAP_MS - 1)).toBe(true);
    expect(isDoubleTap(1_000, 1_000 + DOUBLE_TAP_MS)).toBe(false);
  });
  it('does not take a clock that went back for a double tap', () => {
    expect(isDoubleTap(5_000, 4_000)).toBe(false);
  });
});
