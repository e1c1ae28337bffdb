import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { Subjects, type EventPayload } from '@aba/contracts/events';
import { OnEvent, type EventHandlerContext } from '@aba/server-kit';
import { forgetDeletedChild } from '../directory/deleted-child.js';
import { upsertErasedUser } from '../directory/directory.queries.js';
import { LicencesService } from '../licences/licences.service.js';
import { StripeService } from '../stripe/stripe.service.js';
import {
  cancelSubscriptionsOf,
  childrenOwnedBy,
  deleteAccessOf,
  stripeIdsOf,
} from './account-erasure.queries.js';

/**
 * An account deleted (`identity.user.deleted.v1`, issue 17, ADR 0049): billing cancels the user's subscriptions, at
 * Stripe first when it has the key, then in its rows, every licence of them freed and announced as revoked; forgets
 * the children the user owns as it forgets a deleted child (therapy announces their deletes too, which then change
 * nothing); ends the user's places on other children's teams; keeps the user as a tombstone without e-mail or names.
 * All in the event's transaction: a Stripe failure rolls it back and the event is retried. Handling it again, or for
 * a user billing never knew, changes nothing more.
 */
@Injectable()
export class AccountErasureHandler {
  private readonly logger = new Logger(AccountErasureHandler.name);

  constructor(
    @Inject(StripeService) private readonly stripe: StripeService,
    @Inject(LicencesService) private readonly licences: LicencesService,
  ) {}

  @OnEvent(Subjects.UserDeletedV1)
  async onUserDeleted({ userId }: EventPayload<typeof Subjects.UserDeletedV1>, { em }: EventHandlerContext) {
    const stripeCanceledAt = await this.cancelAtStripe(em, userId);
    for (const subscriptionId of await cancelSubscriptionsOf(em, userId, new Date(), stripeCanceledAt)) {
      await this.licences.afterSubscriptionChange(em, subscriptionId);
    }
    for (const childId of await childrenOwnedBy(em, userId)) {
      await forgetDeletedChild(em, this.licences, { childId, ownerId: userId });
    }
    await deleteAccessOf(em, userId);
    await upsertErasedUser(em, userId);
  }

  /** Cancels the user's Stripe subscriptions; when it did (the key is set), the time it did. */
  private async cancelAtStripe(em: EntityManager, userId: string): Promise<Date | null> {
    const { subscriptionIds, customerIds, sharedCustomerIds } = await stripeIdsOf(em, userId);
    if (subscriptionIds.length === 0 && customerIds.length === 0 && sharedCustomerIds.length === 0) {
      return null;
    }
    if (!this.stripe.enabled) {
      this.logger.warn(
        { userId, subscriptionIds, customerIds: [...customerIds, ...sharedCustomerIds] },
        'Erased account with Stripe ids but no STRIPE_SECRET_KEY: cancel them in the Stripe dashboard',
      );
      return null;
    }
    if (sharedCustomerIds.length > 0) {
      this.logger.warn(
        { userId, sharedCustomerIds },
        'Erased account shares Stripe customers with other users: only its known subscriptions are canceled',
      );
    }
    if (subscriptionIds.length === 0 && customerIds.length === 0) return null;
    const canceled = await this.stripe.cancelSubscriptions({ subscriptionIds, customerIds });
    this.logger.log({ userId, canceled }, 'Stripe subscriptions of an erased account canceled');
    return new Date();
  }
}
