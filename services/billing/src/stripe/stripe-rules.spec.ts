import { isStaleStripeUpdate, mapStripeStatus, stripeQuantity } from './stripe-rules.js';

describe('Stripe status mapping', () => {
  it.each([
    ['active', 'active'],
    ['trialing', 'active'],
    ['canceled', 'canceled'],
    ['incomplete_expired', 'canceled'],
    ['unpaid', 'canceled'],
    ['paused', 'paused'],
    ['past_due', 'paused'],
    ['incomplete', 'paused'],
    ['something_new', 'paused'],
  ])('%s → %s', (stripe, ours) => {
    expect(mapStripeStatus(stripe)).toBe(ours);
  });
});

describe('out-of-order Stripe events', () => {
  const applied = new Date('2026-12-01T10:00:00Z');
  const seconds = (iso: string) => Date.parse(iso) / 1000;

  it('applies anything when nothing from Stripe was applied yet', () => {
    expect(isStaleStripeUpdate(null, seconds('2020-01-01T00:00:00Z'))).toBe(false);
  });

  it('ignores an event created before the state last applied', () => {
    expect(isStaleStripeUpdate(applied, seconds('2026-12-01T09:59:59Z'))).toBe(true);
  });

  it('applies an event of the same second or later', () => {
    expect(isStaleStripeUpdate(applied, seconds('2026-12-01T10:00:00Z'))).toBe(false);
    expect(isStaleStripeUpdate(applied, seconds('2026-12-01T10:00:01Z'))).toBe(false);
  });
});

describe('Stripe quantity', () => {
  it('counts the items at our price', () => {
    const items = [
      { quantity: 3, price: { id: 'price_licence' } },
      { quantity: 1, price: { id: 'price_setup_fee' } },
      { quantity: 2, price: 'price_licence' },
    ];
    expect(stripeQuantity(items, 'price_licence')).toBe(5);
  });

  it('counts every item when none is at our price or no price is configured', () => {
    const items = [{ quantity: 2, price: { id: 'price_other' } }, { quantity: null }];
    expect(stripeQuantity(items, 'price_licence')).toBe(2);
    expect(stripeQuantity(items, null)).toBe(2);
    expect(stripeQuantity([], null)).toBe(0);
  });
});
