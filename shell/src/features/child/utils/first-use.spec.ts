import { helpsWithoutOwning } from './first-use.js';

describe('first use', () => {
  it('waits for an invitation for therapists and coordinators, not for parents or the administrator', () => {
    expect(helpsWithoutOwning('THERAPIST')).toBe(true);
    expect(helpsWithoutOwning('COORDINATOR')).toBe(true);
    expect(helpsWithoutOwning('PARENT')).toBe(false);
    expect(helpsWithoutOwning('ADMIN')).toBe(false);
    expect(helpsWithoutOwning(null)).toBe(false);
  });
});
