import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type {
  LicenceUse,
  OwnedChild,
  OwnedChildLicence,
  SubscriptionDataResponse,
  SubscriptionStatus,
} from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import { ChildNotFound, isUniqueViolation, NoChildAccess, OutboxService, sqlRows } from '@aba/server-kit';
import { BILLING_SETTINGS, type BillingSettings } from '../config.js';
import { onlinePayment } from '../online-payment/link-routes.js';
import { pickSubscription, totalLicences, usesToRevoke, type LicencePack } from './licence-rules.js';
import type { RevocationReason } from './child-subscription.entity.js';
import {
  ChildAlreadyLicensed,
  LicenceNotFound,
  LicenceNotYours,
  NoActiveSubscription,
  NoFreeLicence,
} from './licences.errors.js';


/**
 * Licence uses: assigning a free licence of the caller's active subscriptions to a child they own or help, removing
 * it (only the subscription's holder may), and taking licences back when a subscription stops being active, loses quantity, or the child is deleted.
 * Every assign and revoke is announced (`billing.license.assigned/revoked.v1`) through the outbox, in its transaction.
 */
@Injectable()
export class LicencesService {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
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
    return this.orm.em
      .fork()
      .transactional(async (em) => {
        await this.requireRelation(em, userId, childId);
        const [licensed] = await sqlRows<{ id: string }>(
          em,
          `select "id" from "child_subscription" where "child_id" = ? and "status" = 'active'`,
          [childId],
        );
        if (licensed) throw new ChildAlreadyLicensed();

        const locked = await sqlRows<{ id: string; quantity: number }>(
          em,
          `select "id", "quantity" from "subscription" where "user_id" = ? and "status" = 'active'
           order by "created_at", "id" for update`,
          [userId],
        );
        // A separate statement, so that it sees the uses committed by whoever held the locks before us.
        const counts = await sqlRows<{ subscription_id: string; in_use: number }>(
          em,
          `select cs."subscription_id", count(*)::int as "in_use" from "child_subscription" cs
           join "subscription" s on s."id" = cs."subscription_id"
           where s."user_id" = ? and s."status" = 'active' and cs."status" = 'active'
           group by cs."subscription_id"`,
          [userId],
        );
        const inUse = new Map(counts.map((row) => [row.subscription_id, Number(row.in_use)]));
        const pick = pickSubscription(
          locked.map((row) => ({
            id: row.id,
            status: 'active',
            quantity: Number(row.quantity),
            inUse: inUse.get(row.id) ?? 0,
          })),
        );
        if (!pick.ok)
          throw pick.reason === 'no-active-subscription' ? new NoActiveSubscription() : new NoFreeLicence();

        const id = randomUUID();
        await sqlRows(
          em,
          `insert into "child_subscription" ("id", "subscription_id", "child_id", "status", "assigned_by", "assigned_at")
           values (?, ?, ?, 'active', ?, ?)`,
          [id, pick.subscriptionId, childId, userId, new Date()],
        );
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
    await this.orm.em.fork().transactional(async (em) => {
      const [use] = await sqlRows<{ id: string; child_id: string; status: string; owner_id: string }>(
        em,
        `select cs."id", cs."child_id", cs."status", s."user_id" as "owner_id"
         from "child_subscription" cs join "subscription" s on s."id" = cs."subscription_id"
         where cs."id" = ? for update of cs`,
        [childSubscriptionId],
      );
      if (!use) throw new LicenceNotFound();
      if (use.owner_id !== userId) throw new LicenceNotYours();
      if (use.status !== 'active') return;
      await this.revoke(em, [{ id: use.id, childId: use.child_id }], 'removed');
    });
  }

  /** GET /api/user/subscription-data for a user: licences, their uses, payment links, own children, helping. */
  async summary(userId: string): Promise<SubscriptionDataResponse> {
    const em = this.orm.em.fork();
    const subscriptions = await sqlRows<{
      id: string;
      status: SubscriptionStatus;
      quantity: number;
      stripe_customer_id: string | null;
    }>(
      em,
      `select "id", "status", "quantity", "stripe_customer_id" from "subscription" where "user_id" = ?`,
      [userId],
    );
    const packs: LicencePack[] = subscriptions.map((row) => ({
      id: row.id,
      status: row.status,
      quantity: Number(row.quantity),
      inUse: 0,
    }));
    // Active uses, and per child that lost its licence without anyone removing it and holds none now, its latest use.
    const uses = await sqlRows<{
      id: string;
      child_id: string;
      first_name: string | null;
      last_name: string | null;
      status: 'active' | 'inactive';
    }>(
      em,
      `select u."id", u."child_id", c."first_name", c."last_name", u."status" from (
         select distinct on (cs."child_id") cs.*
         from "child_subscription" cs join "subscription" s on s."id" = cs."subscription_id"
         where s."user_id" = ?
           and (cs."status" = 'active' or cs."revoked_reason" in ('subscription_inactive', 'quantity_reduced'))
         order by cs."child_id", (cs."status" = 'active') desc, cs."assigned_at" desc, cs."id" desc
       ) u
       left join "child" c on c."id" = u."child_id"
       where coalesce(c."deleted", false) = false
         and (u."status" = 'active' or not exists (
           select 1 from "child_subscription" other where other."child_id" = u."child_id" and other."status" = 'active'))
       order by u."status", c."first_name", c."last_name", u."assigned_at"`,
      [userId],
    );
    // The caller's own children and whose licence each holds; and whether the caller helps anyone else's.
    const owned = await sqlRows<{
      id: string;
      first_name: string;
      last_name: string;
      licence: OwnedChildLicence;
    }>(
      em,
      `select c."id", c."first_name", c."last_name", coalesce((
         select case when s."user_id" = ? then 'yours' else 'another' end
         from "child_subscription" cs join "subscription" s on s."id" = cs."subscription_id"
         where cs."child_id" = c."id" and cs."status" = 'active'), 'none') as "licence"
       from "child" c where c."owner_id" = ? and not c."deleted"
       order by c."first_name", c."last_name", c."id"`,
      [userId, userId],
    );
    const [helping] = await sqlRows<{ helps: boolean }>(
      em,
      `select exists (
         select 1 from "child_access" a join "child" c on c."id" = a."child_id"
         where a."user_id" = ? and c."owner_id" <> ? and not c."deleted") as "helps"`,
      [userId, userId],
    );
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
      helps_other_children: Boolean(helping?.helps),
    };
  }

  /**
   * After a subscription's status or quantity changed (admin or Stripe), in the same transaction: a subscription that
   * is no longer active gives up every licence use; one whose quantity fell below its uses gives up the newest.
   * A subscription that becomes active again gets nothing back by itself: its users add licences again.
   */
  async afterSubscriptionChange(em: EntityManager, subscriptionId: string): Promise<number> {
    const [subscription] = await sqlRows<{ status: SubscriptionStatus; quantity: number }>(
      em,
      `select "status", "quantity" from "subscription" where "id" = ?`,
      [subscriptionId],
    );
    if (!subscription) return 0;
    const active = await sqlRows<{ id: string; child_id: string }>(
      em,
      `select "id", "child_id" from "child_subscription" where "subscription_id" = ? and "status" = 'active'
       order by "assigned_at", "id" for update`,
      [subscriptionId],
    );
    const { uses, reason } = usesToRevoke(
      active.map((row) => ({ id: row.id, childId: row.child_id })),
      { status: subscription.status, quantity: Number(subscription.quantity) },
    );
    await this.revoke(em, uses, reason);
    return uses.length;
  }

  /** A deleted child frees its licence. */
  async afterChildDeleted(em: EntityManager, childId: string): Promise<void> {
    const active = await sqlRows<{ id: string; child_id: string }>(
      em,
      `select "id", "child_id" from "child_subscription" where "child_id" = ? and "status" = 'active' for update`,
      [childId],
    );
    await this.revoke(
      em,
      active.map((row) => ({ id: row.id, childId: row.child_id })),
      'child_deleted',
    );
  }

  /** Whether a user owns or helps an existing child. */
  private async isRelated(em: EntityManager, userId: string, childId: string): Promise<boolean> {
    const [row] = await sqlRows<{ related: boolean }>(
      em,
      `select (c."owner_id" = ? or exists (
         select 1 from "child_access" a where a."child_id" = c."id" and a."user_id" = ?)) as "related"
       from "child" c where c."id" = ? and not c."deleted"`,
      [userId, userId, childId],
    );
    return Boolean(row?.related);
  }

  private async requireRelation(em: EntityManager, userId: string, childId: string): Promise<void> {
    const [child] = await sqlRows<{ id: string }>(
      em,
      `select "id" from "child" where "id" = ? and not "deleted"`,
      [childId],
    );
    if (!child) throw new ChildNotFound();
    if (!(await this.isRelated(em, userId, childId))) throw new NoChildAccess();
  }

  private async revoke(em: EntityManager, uses: { id: string; childId: string }[], reason: RevocationReason) {
    const now = new Date();
    for (const use of uses) {
      await sqlRows(
        em,
        `update "child_subscription" set "status" = 'inactive', "revoked_at" = ?, "revoked_reason" = ?
         where "id" = ? and "status" = 'active'`,
        [now, reason, use.id],
      );
      this.outbox.add(em, Subjects.LicenseRevokedV1, { childId: use.childId, childSubscriptionId: use.id });
    }
  }
}
