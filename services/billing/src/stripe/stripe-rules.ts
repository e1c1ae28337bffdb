import type { SubscriptionStatus } from '@aba/contracts/api';

/**
 * Stripe subscription status → ours.
 * - `active`, `trialing`: the customer is entitled → active.
 * - `canceled`, `incomplete_expired`, `unpaid`: over, or given up by Stripe's retries → canceled.
 * - `paused`, `past_due`, `incomplete`: payment pending or suspended, may come back → paused.
 * - anything Stripe adds later: paused (no licences until we know what it means).
 */
export function mapStripeStatus(status: string): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'canceled':
    case 'incomplete_expired':
    case 'unpaid':
      return 'canceled';
    case 'paused':
    case 'past_due':
    case 'incomplete':
    default:
      return 'paused';
  }
}

/**
 * Stripe does not deliver events in order: a change whose event was created (Stripe's `created`, seconds) before the
 * Stripe state last applied is stale and ignored. Same second is not stale (Stripe's clock has 1 s resolution).
 */
export function isStaleStripeUpdate(lastAppliedAt: Date | null, eventCreatedSeconds: number): boolean {
  return lastAppliedAt !== null && eventCreatedSeconds * 1000 < lastAppliedAt.getTime();
}

/**
 * The number of licences a Stripe subscription pays for: the quantities of its items at our price, or of all its
 * items when none is at our price (or no price is configured).
 */
export function stripeQuantity(
  items: readonly { quantity?: number | null; price?: { id?: string | null } | string | null }[],
  priceId: string | null,
): number {
  const priceOf = (item: (typeof items)[number]) =>
    typeof item.price === 'string' ? item.price : item.price?.id;
  const ours = priceId ? items.filter((item) => priceOf(item) === priceId) : [];
  const counted = ours.length > 0 ? ours : items;
  return counted.reduce((sum, item) => sum + Math.max(0, Math.trunc(item.quantity ?? 0)), 0);
}
