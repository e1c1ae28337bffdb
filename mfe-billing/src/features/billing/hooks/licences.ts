import type {
  LicenceUse,
  OnlinePayment,
  OwnedChild,
  SubscriptionDataResponse,
} from '../api/get-subscription-data.js';

/** The figures of the "Your subscription" card. */
export interface BillingSummary {
  /** Licences of the user's active subscriptions. */
  activeLicenses: number;
  /** Licence uses that are `active` (inactive ones no longer hold a licence). */
  licensesInUse: number;
  /** What is left to give to a child (never negative, e.g. after a subscription was reduced). */
  freeLicenses: number;
}

export function isActiveUse(use: Pick<LicenceUse, 'status'>): boolean {
  return use.status === 'active';
}

export function billingSummary(
  data: Pick<SubscriptionDataResponse, 'total' | 'subscriptions_in_use'>,
): BillingSummary {
  const licensesInUse = data.subscriptions_in_use.filter(isActiveUse).length;
  return { activeLicenses: data.total, licensesInUse, freeLicenses: Math.max(0, data.total - licensesInUse) };
}

/** The children the user owns that hold no licence at all: the ones the page offers one of the user's licences. */
export function licensableChildren(owned: readonly OwnedChild[]): OwnedChild[] {
  return owned.filter((child) => child.licence === 'none');
}

/** "First Last", without stray spaces when a part is empty. */
export function fullName(first: string, last: string): string {
  return [first, last]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * A row of "Your children": one of the user's licence uses (`active`, removable; or `inactive`, lost without anyone
 * removing it), or a child the user owns that holds a licence of someone else's subscription (`another`: a helper
 * pays for it, only they may remove it).
 */
export interface ChildRow {
  key: string;
  childId: string;
  name: string;
  status: LicenceUse['status'] | 'another';
  /** The licence use the user may remove (`active` rows only). */
  removableUse?: string;
}

const ROW_ORDER: Record<ChildRow['status'], number> = { active: 0, another: 1, inactive: 2 };

/** The table's rows: the user's licence uses and their own children licensed by another; active first, then by name. */
export function childRows(
  data: Pick<SubscriptionDataResponse, 'subscriptions_in_use' | 'owned_children'>,
): ChildRow[] {
  const uses = data.subscriptions_in_use.map(
    (use): ChildRow => ({
      key: use.child_subscription_id,
      childId: use.child_id,
      name: fullName(use.child_first_name, use.child_last_name),
      status: use.status,
      removableUse: isActiveUse(use) ? use.child_subscription_id : undefined,
    }),
  );
  const licensedByAnother = data.owned_children
    .filter((child) => child.licence === 'another')
    .map(
      (child): ChildRow => ({
        key: `another-${child.child_id}`,
        childId: child.child_id,
        name: fullName(child.child_first_name, child.child_last_name),
        status: 'another',
      }),
    );
  return [...uses, ...licensedByAnother].sort(
    (a, b) => ROW_ORDER[a.status] - ROW_ORDER[b.status] || a.name.localeCompare(b.name),
  );
}

/**
 * The message the shell passes in navigation state when it sends the user here (`{ error }`, e.g.
 * "This child has no active licenses. Please add a license!"); anything else is ignored.
 */
export function navigationError(state: unknown): string | undefined {
  if (!state || typeof state !== 'object') return undefined;
  const error = (state as Record<string, unknown>).error;
  return typeof error === 'string' && error.trim() !== '' ? error : undefined;
}

/** The line under Manage / Add licenses (a key of `billing:subscription`). */
export type PaymentNote = 'providerNote' | 'offline' | 'manageOffline' | 'addLicensesOffline';

/**
 * Where the payment links lead, said before anyone clicks: the provider's page when both work, otherwise why one or
 * both cannot (online payment not configured, or no payment account yet for Manage).
 */
export function paymentNote(online: OnlinePayment): PaymentNote {
  if (online.manage && online.add_licenses) return 'providerNote';
  if (!online.manage && !online.add_licenses) return 'offline';
  return online.manage ? 'addLicensesOffline' : 'manageOffline';
}

/** Only web pages may be opened from a billing link (never `javascript:` or the like). */
export function isOpenableUrl(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
