import { retryDelayMs } from './event-consumer.js';
import { EventNaming } from './naming.js';

describe('retryDelayMs', () => {
  it('doubles from one second and caps at thirty', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('EventNaming', () => {
  it('uses catalogue names without a prefix', () => {
    const naming = new EventNaming('');
    expect(naming.subject('therapy.child.created.v1')).toBe('therapy.child.created.v1');
    expect(naming.stream('therapy')).toBe('THERAPY');
    expect(naming.deadLetterSubject('billing', 'therapy.child.deleted.v1')).toBe('dead-letter.billing.therapy.child.deleted.v1');
  });

  it('isolates a prefixed run and maps its subjects back', () => {
    const naming = new EventNaming('t42');
    expect(naming.subject('identity.user.registered.v1')).toBe('t42.identity.user.registered.v1');
    expect(naming.unprefixed('t42.identity.user.registered.v1')).toBe('identity.user.registered.v1');
    expect(naming.stream('billing')).toBe('t42_BILLING');
    expect(naming.streamSubjects('identity')).toBe('t42.identity.>');
  });
});
