import { z } from 'zod';
import { ErrorMessages } from './error.js';
import { storable } from './text.js';

/**
 * Billing: subscriptions (licence packs), licence uses per child, Stripe checkout/portal links.
 * Served by services/billing; the paths are the spec's (section 7, "Children, licences, billing" and "Admin").
 */

/** Subscription status (spec §4). Only `active` subscriptions give licences. */
export const subscriptionStatusSchema = z.enum(['active', 'canceled', 'paused']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
export const SUBSCRIPTION_STATUSES = subscriptionStatusSchema.options;

/** A licence use: `active` while the child holds the licence, `inactive` once it was removed or lost. */
export const licenceUseStatusSchema = z.enum(['active', 'inactive']);
export type LicenceUseStatus = z.infer<typeof licenceUseStatusSchema>;

/** Messages of the billing calls, returned verbatim; the front end translates them by this exact text. */
export const BillingMessages = {
  notLoggedIn: ErrorMessages.unauthenticated,
  adminOnly: ErrorMessages.forbidden,
  childNotFound: ErrorMessages.childNotFound,
  noChildAccess: ErrorMessages.noChildAccess,
  userNotFound: 'No user has this e-mail address',
  emailRequired: 'Please enter the e-mail address of the user',
  quantityInvalid: 'Quantity must be a whole number of at least 1',
  statusInvalid: `Status must be one of: ${SUBSCRIPTION_STATUSES.join(', ')}`,
  subscriptionIdInvalid: 'subscription_id must be a subscription id',
  subscriptionNotFound: 'Subscription not found',
  stripeIdTaken: 'This Stripe id is already used by another subscription',
  stripeIdInvalid: 'The Stripe id must be at most 255 characters, without spaces',
  childIdInvalid: 'child_id must be a child id',
  childAlreadyLicensed: 'This child already has an active license',
  noActiveSubscription: 'You have no active subscription. Please buy licenses first',
  noFreeLicence: 'All your licenses are in use. Buy more licenses or remove one from another child',
  licenceIdInvalid: 'child_subscription_id must be a license id',
  licenceNotFound: 'License not found',
  licenceNotYours: 'You may not remove this license',
  licenceRemoved: 'License removed',
  portalUnavailable: 'Managing the subscription online is not available',
  checkoutUnavailable: 'Buying licenses online is not available',
  noBillingAccount: 'You have no payment account yet. Buy licenses first',
  paymentProviderFailed: 'The payment provider could not be reached, please try again',
  webhookNotConfigured: 'Stripe webhooks are not configured',
  webhookSignatureInvalid: 'Invalid Stripe signature',
  webhookPayloadInvalid: 'Unexpected Stripe event payload',
} as const;

const uuidWith = (message: string) => z.uuid({ error: message });

/** A whole number ≥ 1; a numeric string (a form's text input) is accepted too. */
const quantitySchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: BillingMessages.quantityInvalid })
    .int({ error: BillingMessages.quantityInvalid })
    .min(1, { error: BillingMessages.quantityInvalid })
    .max(100_000, { error: BillingMessages.quantityInvalid }),
);

/** Subscription (admin view), spec §3. Dates are ISO timestamps; `stripe_id` is the Stripe subscription (or customer) id. */
export const subscriptionSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  user_first_name: z.string(),
  user_last_name: z.string(),
  quantity: z.number().int().min(0),
  status: subscriptionStatusSchema,
  created: z.iso.datetime(),
  last_update: z.iso.datetime(),
  stripe_id: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** GET /api/subscription/list (ADMIN only): newest first. */
export const subscriptionListResponseSchema = z.object({ subscriptions: z.array(subscriptionSchema) });
export type SubscriptionListResponse = z.infer<typeof subscriptionListResponseSchema>;

/**
 * POST /api/subscription/create (ADMIN only) → 201 `{ subscription }`, created `active`.
 * A user may hold several subscriptions; their licences add up. `stripe_id` is optional: a `cus_…` id is kept as the
 * Stripe customer, anything else as the Stripe subscription id (unique).
 */
export const createSubscriptionRequestSchema = z.object({
  user_email: storable(
    z
      .string({ error: BillingMessages.emailRequired })
      .trim()
      .min(1, { error: BillingMessages.emailRequired })
      .max(320, { error: BillingMessages.userNotFound }),
  ),
  quantity: quantitySchema,
  stripe_id: storable(
    z
      .string({ error: BillingMessages.stripeIdInvalid })
      .trim()
      .max(255, { error: BillingMessages.stripeIdInvalid })
      .regex(/^\S*$/, { error: BillingMessages.stripeIdInvalid }),
  )
    .nullish()
    .transform((value) => value || null),
});
export type CreateSubscriptionRequest = z.input<typeof createSubscriptionRequestSchema>;

/** POST /api/subscription/update-status (ADMIN only) → 200 `{ subscription }`. */
export const updateSubscriptionStatusRequestSchema = z.object({
  subscription_id: uuidWith(BillingMessages.subscriptionIdInvalid),
  status: z.enum(SUBSCRIPTION_STATUSES, { error: BillingMessages.statusInvalid }),
});
export type UpdateSubscriptionStatusRequest = z.input<typeof updateSubscriptionStatusRequestSchema>;

export const subscriptionResponseSchema = z.object({ subscription: subscriptionSchema });
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** Licence use, spec §3. */
export const licenceUseSchema = z.object({
  child_subscription_id: z.uuid(),
  child_id: z.uuid(),
  child_first_name: z.string(),
  child_last_name: z.string(),
  status: licenceUseStatusSchema,
});
export type LicenceUse = z.infer<typeof licenceUseSchema>;

/**
 * Whether the "Manage" and "Add licenses" links of /billing lead anywhere for the caller, known before a click:
 * `manage` when GET /api/billing/portal-link would answer a URL (a Stripe portal for the caller's Stripe customer,
 * or `BILLING_PORTAL_URL`), `add_licenses` when POST /api/billing/checkout-link would (Stripe Checkout at a
 * configured price, or `BILLING_CHECKOUT_URL`).
 */
export const onlinePaymentSchema = z.object({ manage: z.boolean(), add_licenses: z.boolean() });
export type OnlinePayment = z.infer<typeof onlinePaymentSchema>;

/**
 * Whether a child the caller owns holds an active licence, and whose: `yours` (one of the caller's subscriptions),
 * `another` (a helper licensed it from their own subscription), `none` (it can get one of the caller's).
 */
export const ownedChildLicenceSchema = z.enum(['yours', 'another', 'none']);
export type OwnedChildLicence = z.infer<typeof ownedChildLicenceSchema>;

/** A child the caller owns (created), with its licence state. */
export const ownedChildSchema = z.object({
  child_id: z.uuid(),
  child_first_name: z.string(),
  child_last_name: z.string(),
  licence: ownedChildLicenceSchema,
});
export type OwnedChild = z.infer<typeof ownedChildSchema>;

/**
 * GET /api/user/subscription-data: `total` = licences of the caller's active subscriptions (sum of quantities);
 * `subscriptions_in_use` = the caller's licence uses: every active one, plus, per child that lost its licence
 * without anyone removing it (subscription paused/canceled, quantity lowered) and has none now, its latest use as
 * `inactive`. Licences in use = the `active` entries. Extensions of the spec's two fields: `online_payment`, which
 * payment links work for the caller; `owned_children`, the children the caller owns, by name, each with its licence
 * state (those with `none` are the ones the page offers a licence for: a helped child's licences are its owner's
 * business); `helps_other_children`, whether the caller is a coordinator or therapist of someone else's child.
 */
export const subscriptionDataResponseSchema = z.object({
  total: z.number().int().min(0),
  subscriptions_in_use: z.array(licenceUseSchema),
  online_payment: onlinePaymentSchema,
  owned_children: z.array(ownedChildSchema),
  helps_other_children: z.boolean(),
});
export type SubscriptionDataResponse = z.infer<typeof subscriptionDataResponseSchema>;

/**
 * POST /api/child/add-license → 201 `{ child_subscription_id }`. The caller must own or help the child; the licence is
 * always one of the caller's own subscriptions.
 */
export const addLicenseRequestSchema = z.object({ child_id: uuidWith(BillingMessages.childIdInvalid) });
export type AddLicenseRequest = z.input<typeof addLicenseRequestSchema>;
export const addLicenseResponseSchema = z.object({ child_subscription_id: z.uuid() });
export type AddLicenseResponse = z.infer<typeof addLicenseResponseSchema>;

/**
 * POST /api/child/remove-license → 200 `{ message }` (also when it was already removed). Only the holder of the
 * licence's subscription may remove it (403 `licenceNotYours` for anyone else, the child's owner and helpers included).
 */
export const removeLicenseRequestSchema = z.object({
  child_subscription_id: uuidWith(BillingMessages.licenceIdInvalid),
});
export type RemoveLicenseRequest = z.input<typeof removeLicenseRequestSchema>;
export const removeLicenseResponseSchema = z.object({ message: z.string() });

/** POST /api/billing/checkout-link `{ quantity? }` (default 1) → 200 `{ url }`. */
export const checkoutLinkRequestSchema = z.object({ quantity: quantitySchema.optional().default(1) });
export type CheckoutLinkRequest = z.input<typeof checkoutLinkRequestSchema>;

/** GET /api/billing/portal-link and POST /api/billing/checkout-link → 200 `{ url }` (an external payment page). */
export const billingLinkResponseSchema = z.object({ url: z.url() });
export type BillingLinkResponse = z.infer<typeof billingLinkResponseSchema>;
