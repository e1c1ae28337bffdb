import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { OwnershipMessages, type OwnershipOffer } from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import { ChildNotFound, Conflict, Forbidden, OutboxService, ValidationFailed } from '@aba/server-kit';
import { recordAudit } from '../audit-trail/audit-trail.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { lockChild } from '../children/children.queries.js';
import { isCoordinator, offerOf, removeOffer, saveOffer, switchOwners } from './ownership.queries.js';

/**
 * Handing a child over (issue 17, ADR 0050): its owner offers it to one of its coordinators, who accepts it and becomes
 * its owner (the former owner stays a coordinator) or declines it. Each step is in the child's audit trail; the
 * change of owner travels as the team's events and `therapy.child.updated.v1`, so identity and billing follow.
 */
@Injectable()
export class OwnershipService {
  constructor(
    @Inject(EntityManager) private readonly em: EntityManager,
    @Inject(OutboxService) private readonly outbox: OutboxService,
  ) {}

  async get(grant: ChildAccessGrant): Promise<OwnershipOffer | null> {
    return offerOf(this.em, grant.childId);
  }

  /** The owner offers the child to `toUserId`, who must be an active coordinator of it (400 otherwise). */
  async offer(grant: ChildAccessGrant, toUserId: string): Promise<OwnershipOffer> {
    return this.em.transactional(async (em) => {
      if (!(await isCoordinator(em, grant.childId, toUserId))) {
        throw new ValidationFailed(OwnershipMessages.notCoordinator);
      }
      const { previous } = await saveOffer(em, grant.childId, toUserId, grant.userId);
      await recordAudit(em, {
        childId: grant.childId,
        actorId: grant.userId,
        kind: 'OWNERSHIP_OFFERED',
        before: previous ? { owner_id: previous } : null,
        after: { owner_id: toUserId },
      });
      return (await offerOf(em, grant.childId))!;
    });
  }

  /** The owner takes a waiting offer back: 409 when none waits. */
  async withdraw(grant: ChildAccessGrant): Promise<void> {
    await this.em.transactional(async (em) => {
      const to = await removeOffer(em, grant.childId);
      if (!to) throw new Conflict(OwnershipMessages.noOffer);
      await recordAudit(em, {
        childId: grant.childId,
        actorId: grant.userId,
        kind: 'OWNERSHIP_OFFER_WITHDRAWN',
        before: { owner_id: to },
      });
    });
  }

  /** The coordinator the offer is for declines it: 409 when none waits, 403 when it is someone else's. */
  async decline(grant: ChildAccessGrant): Promise<void> {
    await this.em.transactional(async (em) => {
      await this.offeredToCaller(em, grant);
      await removeOffer(em, grant.childId, grant.userId);
      await recordAudit(em, {
        childId: grant.childId,
        actorId: grant.userId,
        kind: 'OWNERSHIP_DECLINED',
        before: { owner_id: grant.userId },
      });
    });
  }

  /**
   * The coordinator the offer is for accepts it: the child is theirs, its former owner one of its coordinators. The
   * child is locked first (as its delete does), so a delete or another acceptance waits and then finds it changed.
   */
  async accept(grant: ChildAccessGrant): Promise<void> {
    await this.em.transactional(async (em) => {
      const child = await lockChild(em, grant.childId);
      if (!child || child.deletedAt) throw new ChildNotFound();
      await this.offeredToCaller(em, grant);
      if (!(await isCoordinator(em, grant.childId, grant.userId))) {
        throw new Conflict(OwnershipMessages.notCoordinator);
      }
      const formerOwnerId = child.names.ownerId;
      await removeOffer(em, grant.childId);
      await switchOwners(em, grant.childId, formerOwnerId, grant.userId);
      const { childId, userId } = grant;
      this.outbox.add(em, Subjects.ChildAccessRevokedV1, { childId, userId, accessType: 'ADMIN' });
      this.outbox.add(em, Subjects.ChildUpdatedV1, { ...child.names, childId, ownerId: userId });
      this.outbox.add(em, Subjects.ChildAccessGrantedV1, {
        childId,
        userId: formerOwnerId,
        accessType: 'ADMIN',
      });
      await recordAudit(em, {
        childId,
        actorId: userId,
        kind: 'OWNERSHIP_TRANSFERRED',
        before: { owner_id: formerOwnerId },
        after: { owner_id: userId },
      });
    });
  }

  private async offeredToCaller(em: EntityManager, grant: ChildAccessGrant): Promise<void> {
    const offer = await offerOf(em, grant.childId);
    if (!offer) throw new Conflict(OwnershipMessages.noOffer);
    if (offer.to_user_id !== grant.userId) throw new Forbidden(OwnershipMessages.notYourOffer);
  }
}
