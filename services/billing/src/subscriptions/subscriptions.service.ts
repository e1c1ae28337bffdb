import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { Subscription, SubscriptionStatus } from '@aba/contracts/api';
import { isUniqueViolation } from '@aba/server-kit';
import { LicencesService } from '../licences/licences.service.js';
import { BillingUser } from '../directory/billing-user.entity.js';
import { Subscription as SubscriptionRecord } from './subscription.entity.js';
import { StripeIdTaken, SubscriptionNotFound, UserNotFound } from './subscriptions.errors.js';
import {
  allSubscriptions,
  lockSubscriptionStatus,
  subscriptionRow,
  type SubscriptionRow,
} from './subscriptions.queries.js';

const iso = (value: Date | string) => new Date(value).toISOString();

/** The admin view of a subscription; `stripe_id` is the Stripe subscription id, else the customer id. */
function toView(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    user_id: row.user_id,
    user_first_name: row.first_name ?? '',
    user_last_name: row.last_name ?? '',
    quantity: Number(row.quantity),
    status: row.status,
    created: iso(row.created_at),
    last_update: iso(row.last_update),
    stripe_id: row.stripe_subscription_id ?? row.stripe_customer_id ?? null,
  };
}

/** A Stripe id typed by an admin: `cus_…` is a customer, anything else a subscription id. */
export function splitStripeId(stripeId: string | null): {
  customer: string | null;
  subscription: string | null;
} {
  if (!stripeId) return { customer: null, subscription: null };
  return stripeId.startsWith('cus_')
    ? { customer: stripeId, subscription: null }
    : { customer: null, subscription: stripeId };
}

/** The admin's subscription calls. */
@Injectable()
export class SubscriptionsService {
  constructor(
    @Inject(EntityManager) private readonly em: EntityManager,
    @Inject(LicencesService) private readonly licences: LicencesService,
  ) {}

  async list(): Promise<Subscription[]> {
    const rows = await allSubscriptions(this.em);
    return rows.map(toView);
  }

  /** A new active subscription for the user with this e-mail. A user may hold several; their licences add up. */
  async create(input: {
    userEmail: string;
    quantity: number;
    stripeId: string | null;
  }): Promise<Subscription> {
    const em = this.em;
    const user = await em.findOne(
      BillingUser,
      { email: input.userEmail.trim().toLowerCase() },
      { fields: ['id'], orderBy: { id: 'asc' } },
    );
    if (!user) throw new UserNotFound();
    const stripe = splitStripeId(input.stripeId);
    const id = randomUUID();
    const now = new Date();
    try {
      await em.insert(SubscriptionRecord, {
        id,
        userId: user.id,
        quantity: input.quantity,
        status: 'active',
        stripeCustomerId: stripe.customer,
        stripeSubscriptionId: stripe.subscription,
        createdAt: now,
        lastUpdate: now,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new StripeIdTaken();
      throw error;
    }
    return this.get(em, id);
  }

  /**
   * Sets a subscription's status. Leaving `active` takes back its licence uses (each announced as revoked); coming
   * back to `active` gives nothing back by itself (users add licences again).
   */
  async updateStatus(subscriptionId: string, status: SubscriptionStatus): Promise<Subscription> {
    return this.em.transactional(async (em) => {
      const current = await lockSubscriptionStatus(em, subscriptionId);
      if (!current) throw new SubscriptionNotFound();
      if (current !== status) {
        await em.nativeUpdate(SubscriptionRecord, subscriptionId, { status, lastUpdate: new Date() });
        await this.licences.afterSubscriptionChange(em, subscriptionId);
      }
      return this.get(em, subscriptionId);
    });
  }

  private async get(em: EntityManager, id: string): Promise<Subscription> {
    const row = await subscriptionRow(em, id);
    if (!row) throw new SubscriptionNotFound();
    return toView(row);
  }
}
