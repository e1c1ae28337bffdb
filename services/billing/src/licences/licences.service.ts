import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { LicenceUse, OwnedChild, SubscriptionDataResponse } from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import { ChildNotFound, isUniqueViolation, NoChildAccess, OutboxService } from '@aba/server-kit';
import { BILLING_SETTINGS, type BillingSettings } from '../config.js';
import { onlinePayment } from '../online-payment/link-routes.js';
import {
  pickSubscription,
  totalLicences,
  usesToRevoke,
  type LicencePack,
  type RevocationReason,
} from './licence-rules.js';
import {
  ChildAlreadyLicensed,
  LicenceNotFound,
  LicenceNotYours,
  NoActiveSubscription,
  NoFreeLicence,
} from './licences.errors.js';
import {
  activeUseOfChild,
  activeUsesPerSubscription,
  childIsLive,
  endUse,
  helpsOthersChildren,
  insertActiveUse,
  type LicenceUseRef,
  lockActiveSubscriptions,
  lockActiveUsesOfChild,
  lockActiveUsesOfSubscription,
  lockUse,
  ownedChildren,
  ownsOrHelps,
  shownUses,
  subscriptionsHeldBy,
  subscriptionTerms,
} from './licences.queries.js';

/**
 * Licence uses: assigning a free licence of the caller's active subscriptions to a child they own or help, removing
 * it (only the subscription's holder may), and taking licences back when a subscription stops being active, loses quantity, or the child is deleted.
 * Every assign and revoke is announced (`billing.license.assigned/revoked.v1`) through the outbox, in its transaction.
 */
@Injectable()
export class LicencesService {
  constructor(
    @Inject(EntityManager) private readonly em: EntityManager,
    @Inject(OutboxService) private readonly outbox: OutboxService,
    @Inject(BILLING_SETTINGS) private readonly settings: BillingSettings,
  ) {}

  /**
   * Gives a child one free licence of the caller's active subscriptions; returns the licence use id.
   * Concurrency: the caller's active subscription rows are locked (`for update`) before their uses are counted, so two
   * simultaneous calls for the last licence are serialised and the second finds none free; two users licensing the
   * same child at once collide on the one-active-licence-per-child index.
   */
  async assign(userId: string, childId: string): Promise<string> {
    return this.em
      .transactional(async (em) => {
        await this.requireRelation(em, userId, childId);
        if (await activeUseOfChild(em, childId)) throw new ChildAlreadyLicensed();

        const locked = await lockActiveSubscriptions(em, userId);
        // A separate statement, so that it sees the uses committed by whoever held the locks before us.
        const inUse = await activeUsesPerSubscription(em, userId);
        const pick = pickSubscription(
          locked.map((row) => ({
            id: row.id,
            status: 'active',
            quantity: row.quantity,
            inUse: inUse.get(row.id) ?? 0,
          })),
        );
        if (!pick.ok)
          throw pick.reason === 'no-active-subscription' ? new NoActiveSubscription() : new NoFreeLicence();

        const id = randomUUID();
        await insertActiveUse(em, {
          id,
          subscriptionId: pick.subscriptionId,
          childId,
          assignedBy: userId,
          assignedAt: new Date(),
        });
        this.outbox.add(em, Subjects.LicenseAssignedV1, { childId, childSubscriptionId: id });
        return id;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new ChildAlreadyLicensed();
        throw error;
      });
  }

  /**
   * Ends a licence use. Only the holder of the licence's subscription may: the child's owner, coordinators and
   * therapists do not pay for it, and removing it would close the child's data to the whole team (402).
   * Removing an already ended use changes nothing.
   */
  async remove(userId: string, childSubscriptionId: string): Promise<void> {
    await this.em.transactional(async (em) => {
      const use = await lockUse(em, childSubscriptionId);
      if (!use) throw new LicenceNotFound();
      if (use.holderId !== userId) throw new LicenceNotYours();
      if (use.status !== 'active') return;
      await this.revoke(em, [{ id: use.id, childId: use.childId }], 'removed');
    });
  }

  /** GET /api/user/subscription-data for a user: licences, their uses, payment links, own children, helping. */
  async summary(userId: string): Promise<SubscriptionDataResponse> {
    const em = this.em;
    const subscriptions = await subscriptionsHeldBy(em, userId);
    const packs: LicencePack[] = subscriptions.map((row) => ({
      id: row.id,
      status: row.status,
      quantity: Number(row.quantity),
      inUse: 0,
    }));
    const uses = await shownUses(em, userId);
    const owned = await ownedChildren(em, userId);
    const helping = await helpsOthersChildren(em, userId);
    return {
      total: totalLicences(packs),
      subscriptions_in_use: uses.map((row): LicenceUse => ({
        child_subscription_id: row.id,
        child_id: row.child_id,
        child_first_name: row.first_name ?? '',
        child_last_name: row.last_name ?? '',
        status: row.status,
      })),
      online_payment: onlinePayment(
        this.settings,
        subscriptions.some((row) => row.stripe_customer_id !== null),
      ),
      owned_children: owned.map((row): OwnedChild => ({
        child_id: row.id,
        child_first_name: row.first_name,
        child_last_name: row.last_name,
        licence: row.licence,
      })),
      helps_other_children: helping,
    };
  }

  /**
   * After a subscription's status or quantity changed (admin or Stripe), in the same transaction: a subscription that
   * is no longer active gives up every licence use; one whose quantity fell below its uses gives up the newest.
   * A subscription that becomes active again gets nothing back by itself: its users add licences again.
   */
  async afterSubscriptionChange(em: EntityManager, subscriptionId: string): Promise<number> {
    const subscription = await subscriptionTerms(em, subscriptionId);
    if (!subscription) return 0;
    const active = await lockActiveUsesOfSubscription(em, subscriptionId);
    const { uses, reason } = usesToRevoke(active, subscription);
    await this.revoke(em, uses, reason);
    return uses.length;
  }

  /** A deleted child frees its licence. */
  async afterChildDeleted(em: EntityManager, childId: string): Promise<void> {
    await this.revoke(em, await lockActiveUsesOfChild(em, childId), 'child_deleted');
  }

  private async requireRelation(em: EntityManager, userId: string, childId: string): Promise<void> {
    if (!(await childIsLive(em, childId))) throw new ChildNotFound();
    if (!(await ownsOrHelps(em, userId, childId))) throw new NoChildAccess();
  }

  private async revoke(em: EntityManager, uses: LicenceUseRef[], reason: RevocationReason) {
    const now = new Date();
    for (const use of uses) {
      await endUse(em, use.id, now, reason);
      this.outbox.add(em, Subjects.LicenseRevokedV1, { childId: use.childId, childSubscriptionId: use.id });
    }
  }
}
