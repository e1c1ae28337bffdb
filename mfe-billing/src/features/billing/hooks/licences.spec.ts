import type { OwnedChildLicence } from '@aba/contracts/api';
import {
  billingSummary,
  childRows,
  fullName,
  isOpenableUrl,
  licensableChildren,
  navigationError,
  paymentNote,
} from './licences.js';

const use = (child_id: string, status: 'active' | 'inactive', first = 'A', last = 'B') => ({
  child_subscription_id: `cs-${child_id}-${status}`,
  child_id,
  child_first_name: first,
  child_last_name: last,
  status,
});
const owned = (child_id: string, licence: OwnedChildLicence, first = child_id, last = 'X') => ({
  child_id,
  child_first_name: first,
  child_last_name: last,
  licence,
});

describe('licensableChildren', () => {
  it("offers only the user's own children that hold no licence, in the server's order", () => {
    const children = [owned('c1', 'yours'), owned('c2', 'none'), owned('c3', 'another'), owned('c4', 'none')];
    expect(licensableChildren(children).map((c) => c.child_id)).toEqual(['c2', 'c4']);
    expect(licensableChildren([])).toEqual([]);
  });
});

describe('billingSummary', () => {
  it('reports the active licences and the active uses', () => {
    expect(
      billingSummary({
        total: 3,
        subscriptions_in_use: [use('a', 'active'), use('b', 'inactive'), use('c', 'active')],
      }),
    ).toEqual({
      activeLicenses: 3,
      licensesInUse: 2,
      freeLicenses: 1,
    });
  });
  it('never reports negative free licences (subscription reduced below the uses)', () => {
    expect(billingSummary({ total: 0, subscriptions_in_use: [use('a', 'active')] })).toEqual({
      activeLicenses: 0,
      licensesInUse: 1,
      freeLicenses: 0,
    });
    expect(billingSummary({ total: 0, subscriptions_in_use: [] }).licensesInUse).toBe(0);
  });
});

describe('table helpers', () => {
  it("lists the user's licence uses and their own children licensed by another: active, another's, inactive, by name", () => {
    const rows = childRows({
      subscriptions_in_use: [
        use('1', 'inactive', 'Ana', 'Z'),
        use('2', 'active', 'Radu', 'Pop'),
        use('3', 'active', 'Ioana', 'Pop'),
      ],
      owned_children: [
        owned('2', 'yours', 'Radu', 'Pop'),
        owned('4', 'another', 'Bogdan', 'Pop'),
        owned('5', 'none', 'Dan', 'Pop'),
      ],
    });
    expect(rows.map((r) => [r.childId, r.status, r.name])).toEqual([
      ['3', 'active', 'Ioana Pop'],
      ['2', 'active', 'Radu Pop'],
      ['4', 'another', 'Bogdan Pop'],
      ['1', 'inactive', 'Ana Z'],
    ]);
    // Only the user's active licences can be removed from here.
    expect(rows.map((r) => r.removableUse)).toEqual(['cs-3-active', 'cs-2-active', undefined, undefined]);
  });
  it('joins names without stray spaces', () => {
    expect(fullName(' Ana ', 'Pop')).toBe('Ana Pop');
    expect(fullName('Ana', '')).toBe('Ana');
  });
});

describe('navigationError', () => {
  it('reads a non-empty error string from navigation state only', () => {
    expect(navigationError({ error: 'This child has no active licenses. Please add a license!' })).toBe(
      'This child has no active licenses. Please add a license!',
    );
    expect(navigationError(null)).toBeUndefined();
    expect(navigationError({ error: '  ' })).toBeUndefined();
    expect(navigationError({ error: 42 })).toBeUndefined();
    expect(navigationError('error')).toBeUndefined();
  });
});

describe('isOpenableUrl', () => {
  it('accepts web pages only', () => {
    expect(isOpenableUrl('https://billing.stripe.com/p/session/test_123')).toBe(true);
    expect(isOpenableUrl('javascript:alert(1)')).toBe(false);
    expect(isOpenableUrl('not a url')).toBe(false);
    expect(isOpenableUrl(undefined)).toBe(false);
  });
});

describe('paymentNote', () => {
  it('says the links open the provider only when both lead somewhere', () => {
    expect(paymentNote({ manage: true, add_licenses: true })).toBe('providerNote');
  });

  it('says online payment is not configured when neither does (the local default)', () => {
    expect(paymentNote({ manage: false, add_licenses: false })).toBe('offline');
  });

  it('names the one link that leads nowhere', () => {
    expect(paymentNote({ manage: false, add_licenses: true })).toBe('manageOffline');
    expect(paymentNote({ manage: true, add_licenses: false })).toBe('addLicensesOffline');
  });
});
