import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { BillingMessages } from '@aba/contracts/api';
import { BILLING_SETTINGS, type BillingSettings } from '../config.js';
import { checkoutRoute, portalRoute } from '../online-payment/link-routes.js';
import { LinkUnavailable } from './stripe.errors.js';
import { StripeService } from './stripe.service.js';
import { BillingUser } from '../directory/billing-user.entity.js';
import { latestCustomerOf } from './stripe.queries.js';

/**
 * A configured link that points at Stripe (a Payment Link on buy.stripe.com, the portal login page on
 * billing.stripe.com) is given the user's id and e-mail, so that the purchase can be matched to the user.
 */
export function personaliseStripeUrl(
  url: string,
  user: { id: string; email: string | null },
  kind: 'checkout' | 'portal',
): string {
  const parsed = new URL(url);
  if (!/(^|\.)stripe\.com$/.test(parsed.hostname)) return url;
  if (kind === 'checkout') parsed.searchParams.set('client_reference_id', user.id);
  if (user.email) parsed.searchParams.set('prefilled_email', user.email);
  return parsed.toString();
}

/**
 * The "Manage" and "Add licenses" links of /billing. With `STRIPE_SECRET_KEY`: a Customer Portal session for the
 * user's Stripe customer, a Checkout session for `quantity` licences at `STRIPE_PRICE_ID`. Otherwise (or lacking a
 * customer / price) the configured `BILLING_PORTAL_URL` / `BILLING_CHECKOUT_URL`; 404 `{ error }` when there is none
 * (the rules are `link-routes.ts`, which the summary's `online_payment` follows too).
 */
@Injectable()
export class BillingLinksService {
  constructor(
    @Inject(EntityManager) private readonly em: EntityManager,
    @Inject(StripeService) private readonly stripe: StripeService,
    @Inject(BILLING_SETTINGS) private readonly settings: BillingSettings,
  ) {}

  async portalLink(userId: string): Promise<string> {
    const { customerId, email } = await this.account(userId);
    switch (portalRoute(this.settings, customerId !== null)) {
      case 'stripe':
        return this.stripe.portalSession({
          customerId: customerId!,
          returnUrl: `${this.settings.publicUrl}/billing`,
        });
      case 'configured-url':
        return personaliseStripeUrl(this.settings.portalUrl!, { id: userId, email }, 'portal');
      default:
        throw new LinkUnavailable(
          this.stripe.enabled ? BillingMessages.noBillingAccount : BillingMessages.portalUnavailable,
        );
    }
  }

  async checkoutLink(userId: string, quantity: number): Promise<string> {
    const { customerId, email } = await this.account(userId);
    switch (checkoutRoute(this.settings)) {
      case 'stripe':
        return this.stripe.checkoutSession({
          userId,
          quantity,
          customerId,
          email,
          successUrl: `${this.settings.publicUrl}/billing?checkout=success`,
          cancelUrl: `${this.settings.publicUrl}/billing?checkout=canceled`,
        });
      case 'configured-url':
        return personaliseStripeUrl(this.settings.checkoutUrl!, { id: userId, email }, 'checkout');
      default:
        throw new LinkUnavailable(BillingMessages.checkoutUnavailable);
    }
  }

  /** The user's Stripe customer (of their latest subscription that has one) and e-mail. */
  private async account(userId: string): Promise<{ customerId: string | null; email: string | null }> {
    const em = this.em;
    const customerId = await latestCustomerOf(em, userId);
    const user = await em.findOne(BillingUser, userId, { fields: ['email'] });
    return { customerId, email: user?.email ?? null };
  }
}
