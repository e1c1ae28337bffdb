import type { SubscriptionStatus } from '@aba/contracts/api';

/** One subscription as the licence arithmetic sees it. */
export interface LicencePack {
  id: string;
  status: SubscriptionStatus;
  quantity: number;
  /** Its active licence uses. */
  inUse: number;
}

/** Licences a user holds: the quantities of the active subscriptions. */
export function totalLicences(packs: readonly LicencePack[]): number {
  return packs.filter((pack) => pack.status === 'active').reduce((sum, pack) => sum + pack.quantity, 0);
}

/** Free licences of one subscription (never negative: Stripe may lower a quantity below the uses). */
export function freeIn(pack: LicencePack): number {
  return pack.status === 'active' ? Math.max(0, pack.quantity - pack.inUse) : 0;
}

/** Free licences of all the user's subscriptions. */
export function freeLicences(packs: readonly LicencePack[]): number {
  return packs.reduce((sum, pack) => sum + freeIn(pack), 0);
}

export type LicencePick =
  { ok: true; subscriptionId: string } | { ok: false; reason: 'no-active-subscription' | 'all-in-use' };

/**
 * The subscription a new licence use is taken from: the first (in the order given, oldest first) active one with a
 * free licence.
 */
export function pickSubscription(packs: readonly LicencePack[]): LicencePick {
  if (!packs.some((pack) => pack.status === 'active')) return { ok: false, reason: 'no-active-subscription' };
  const pack = packs.find((candidate) => freeIn(candidate) > 0);
  return pack ? { ok: true, subscriptionId: pack.id } : { ok: false, reason: 'all-in-use' };
}

/**
 * The uses a subscription must give up after a change: all of them when it is no longer active, else the newest
 * beyond its quantity. `uses` are its active uses, oldest first.
 */
export function usesToRevoke<T>(
  uses: readonly T[],
  subscription: { status: SubscriptionStatus; quantity: number },
): { uses: T[]; reason: 'subscription_inactive' | 'quantity_reduced' } {
  if (subscription.status !== 'active') return { uses: [...uses], reason: 'subscription_inactive' };
  return { uses: uses.slice(Math.max(0, subscription.quantity)), reason: 'quantity_reduced' };
}

/** Why a licence use ended. */
export type RevocationReason = 'removed' | 'subscription_inactive' | 'quantity_reduced' | 'child_deleted';
