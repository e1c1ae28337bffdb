import type { Child } from '../api/get-children.js';
import type { LicenceUse, OnlinePayment, SubscriptionDataResponse } from '../api/get-subscription-data.js';

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

/** The children (owned or helped) that hold no active licence, in the order the server lists them. */
export function unlicensedChildren<C extends Pick<Child, 'id'>>(
  children: readonly C[],
  uses: readonly Pick<LicenceUse, 'child_id' | 'status'>[],
): C[] {
  const licensed = new Set(uses.filter(isActiveUse).map((use) => use.child_id));
  return children.filter((child) => !licensed.has(child.id));
}

/** "First Last", without stray spaces when a part is empty. */
export function fullName(first: string, last: string): string {
  return [first, last]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/** Rows of the "Your children" table: active licences first, then by name. */
export function sortedUses<U extends LicenceUse>(uses: readonly U[]): U[] {
  return [...uses].sort(
    (a, b) =>
      Number(isActiveUse(b)) - Number(isActiveUse(a)) ||
      fullName(a.child_first_name, a.child_last_name).localeCompare(
        fullName(b.child_first_name, b.child_last_name),
      ),
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
