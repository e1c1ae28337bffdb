import {
  freeLicences,
  pickSubscription,
  totalLicences,
  usesToRevoke,
  type LicencePack,
} from './licence-rules.js';

const pack = (
  id: string,
  quantity: number,
  inUse: number,
  status: LicencePack['status'] = 'active',
): LicencePack => ({
  id,
  quantity,
  inUse,
  status,
});

describe('licence arithmetic', () => {
  it('counts only active subscriptions in the total and in the free licences', () => {
    const packs = [pack('a', 3, 1), pack('b', 2, 0, 'paused'), pack('c', 4, 4), pack('d', 5, 0, 'canceled')];
    expect(totalLicences(packs)).toBe(7);
    expect(freeLicences(packs)).toBe(2);
  });

  it('never counts a negative number of free licences when uses exceed the quantity', () => {
    expect(freeLicences([pack('a', 1, 3), pack('b', 2, 1)])).toBe(1);
  });

  it('takes the first active subscription with a free licence', () => {
    expect(pickSubscription([pack('a', 2, 2), pack('b', 1, 0, 'paused'), pack('c', 3, 1)])).toEqual({
      ok: true,
      subscriptionId: 'c',
    });
  });

  it('refuses with the reason: no active subscription, or every licence in use', () => {
    expect(pickSubscription([])).toEqual({ ok: false, reason: 'no-active-subscription' });
    expect(pickSubscription([pack('a', 3, 0, 'canceled'), pack('b', 1, 0, 'paused')])).toEqual({
      ok: false,
      reason: 'no-active-subscription',
    });
    expect(pickSubscription([pack('a', 1, 1), pack('b', 2, 2)])).toEqual({ ok: false, reason: 'all-in-use' });
  });

  it('revokes every use of a subscription that is no longer active', () => {
    expect(usesToRevoke(['u1', 'u2'], { status: 'paused', quantity: 5 })).toEqual({
      uses: ['u1', 'u2'],
      reason: 'subscription_inactive',
    });
    expect(usesToRevoke(['u1'], { status: 'canceled', quantity: 5 }).uses).toEqual(['u1']);
  });

  it('revokes the newest uses beyond a lowered quantity, and none within it', () => {
    expect(usesToRevoke(['old', 'mid', 'new'], { status: 'active', quantity: 1 })).toEqual({
      uses: ['mid', 'new'],
      reason: 'quantity_reduced',
    });
    expect(usesToRevoke(['old', 'new'], { status: 'active', quantity: 2 }).uses).toEqual([]);
    expect(usesToRevoke(['old', 'new'], { status: 'active', quantity: 0 }).uses).toEqual(['old', 'new']);
  });
});
