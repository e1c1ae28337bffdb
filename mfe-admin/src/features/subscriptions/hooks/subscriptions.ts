import { SUBSCRIPTION_STATUSES } from '@aba/contracts/api';
import type { CreateSubscriptionRequest } from '../api/create-subscription.js';
import type { Subscription, SubscriptionStatus } from '../api/get-subscriptions.js';

/** The statuses an admin may pick, in the dropdown's order (spec §4: active, canceled, paused). */
export const STATUS_OPTIONS: readonly SubscriptionStatus[] = SUBSCRIPTION_STATUSES;

export function isSubscriptionStatus(value: unknown): value is SubscriptionStatus {
  return (STATUS_OPTIONS as readonly unknown[]).includes(value);
}

/**
 * Whether moving to `status` must be confirmed first: any status but `active` takes every licence of the
 * subscription back from the children using it (services/billing), and reactivating gives none back.
 */
export function needsConfirmation(status: SubscriptionStatus): boolean {
  return status !== 'active';
}

/** "First Last" of the subscription's user, without stray spaces. */
export function subscriptionUserName(
  subscription: Pick<Subscription, 'user_first_name' | 'user_last_name'>,
): string {
  return [subscription.user_first_name, subscription.user_last_name]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/** What the "Create subscription" card holds (the inputs' raw text). */
export interface CreateSubscriptionForm {
  userEmail: string;
  quantity: string;
  stripeId: string;
}

export const EMPTY_CREATE_FORM: CreateSubscriptionForm = { userEmail: '', quantity: '1', stripeId: '' };

/**
 * The request body for POST /api/subscription/create. The server validates (spec §5: no client validation);
 * a whole number is sent as a number, anything else as typed so the server names the problem.
 */
export function createSubscriptionBody(form: CreateSubscriptionForm): CreateSubscriptionRequest {
  const quantity = form.quantity.trim();
  return {
    user_email: form.userEmail.trim(),
    quantity: /^\d+$/.test(quantity) ? Number(quantity) : quantity,
    stripe_id: form.stripeId.trim() || null,
  };
}
