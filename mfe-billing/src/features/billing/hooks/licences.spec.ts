import {
  billingSummary,
  fullName,
  isOpenableUrl,
  navigationError,
  paymentNote,
  sortedUses,
  unlicensedChildren,
} from './licences.js';

const use = (child_id: string, status: 'active' | 'inactive', first = 'A', last = 'B') => ({
  child_subscription_id: `cs-${child_id}-${status}`,
  child_id,
  child_first_name: first,
  child_last_name: last,
  status,
});
const child = (id: string) => ({
  id,
  first_name: id,
  last_name: 'X',
  date_of_birth: '2020-01-01',
  relation: 'OWNER' as const,
});

describe('unlicensedChildren', () => {
  it('keeps the children without an active licence, in the server order', () => {
    const children = [child('c1'), child('c2'), child('c3'), child('c4')];
    const uses = [use('c1', 'active'), use('c3', 'inactive')];
    expect(unlicensedChildren(children, uses).map((c) => c.id)).toEqual(['c2', 'c3', 'c4']);
  });
  it('counts a child as licensed when any of its uses is active', () => {
    expect(unlicensedChildren([child('c1')], [use('c1', 'inactive'), use('c1', 'active')])).toEqual([]);
  });
  it('ignores uses of children the user no longer sees, and handles empty lists', () => {
    expect(unlicensedChildren([child('c1')], [use('gone', 'active')]).map((c) => c.id)).toEqual(['c1']);
    expect(unlicensedChildren([], [use('c1', 'active')])).toEqual([]);
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
  it('puts active licences first, then sorts by name', () => {
    const rows = sortedUses([
      use('1', 'inactive', 'Ana', 'Z'),
      use('2', 'active', 'Radu', 'Pop'),
      use('3', 'active', 'Ioana', 'Pop'),
    ]);
    expect(rows.map((r) => r.child_id)).toEqual(['3', '2', '1']);
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
