import { Inject, Injectable } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { ChildMessages, type AccessType, type Helper } from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import { Conflict, OutboxService, retryAfterSeconds, ValidationFailed } from '@aba/server-kit';
import { HELPER_ADDITION_LIMITS, type HelperAdditionLimits } from '../config.js';
import { recordAudit } from '../audit-trail/audit-trail.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { Child } from '../children/child.entity.js';
import { keepChild } from '../children/child-writes.js';
import { removeOffer } from '../ownership/ownership.queries.js';
import { DirectoryUser } from '../user-directory/directory-user.entity.js';
import { lockInviteAddress } from './invite-address-lock.js';
import { ChildHelper } from './child-helper.entity.js';
import { HelperNotFound, TooManyHelperAdditions } from './helpers.errors.js';
import { parseHelperEmail } from './helper-email.js';
import {
  additionTimeAtRank,
  countAdditionsSince,
  recordAddition,
  recordFormerHelper,
} from './helpers.queries.js';

const DAY_MS = 24 * 3_600_000;

function toHelperDto(helper: ChildHelper, user: DirectoryUser | null | undefined): Helper {
  const active = helper.status === 'ACTIVE';
  return {
    id: helper.id,
    first_name: active ? (user?.firstName ?? '') : '',
    last_name: active ? (user?.lastName ?? '') : '',
    email: active && user ? user.email : helper.email,
    access_type: helper.accessType,
    status: helper.status,
    user_id: active ? (helper.userId ?? null) : null,
  };
}

/**
 * A child's team: coordinators (ADMIN) and therapists. A registered e-mail joins ACTIVE at once
 * (`therapy.child-access.granted.v1`); an unknown one is PENDING (`therapy.helper.invited.v2`, identity e-mails the
 * invite, naming the child by its first name) until that person registers.
 */
@Injectable()
export class HelpersService {
  constructor(
    @Inject(EntityManager) private readonly em: EntityManager,
    @Inject(OutboxService) private readonly outbox: OutboxService,
    @Inject(HELPER_ADDITION_LIMITS) private readonly limits: HelperAdditionLimits,
  ) {}

  async list(grant: ChildAccessGrant, accessType: AccessType): Promise<Helper[]> {
    const em = this.em;
    const helpers = await em.find(
      ChildHelper,
      { child: grant.childId, accessType },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    const userIds = helpers.flatMap((helper) => (helper.userId ? [helper.userId] : []));
    const users = userIds.length ? await em.find(DirectoryUser, { id: { $in: userIds } }) : [];
    const byId = new Map(users.map((user) => [user.id, user]));
    return helpers.map((helper) => toHelperDto(helper, helper.userId ? byId.get(helper.userId) : null));
  }

  async add(grant: ChildAccessGrant, rawEmail: string, accessType: AccessType): Promise<Helper> {
    const parsed = parseHelperEmail(rawEmail);
    if ('problem' in parsed) throw new ValidationFailed(parsed.problem);
    const { email } = parsed;
    try {
      return await this.em.transactional(async (em) => {
        // A child deleted meanwhile gets no helper, and no one an invitation to it (ADR 0021).
        await keepChild(em, grant.childId);
        await lockInviteAddress(em, email);
        const user = await em.findOne(DirectoryUser, { email });
        const caller = await em.findOne(DirectoryUser, grant.userId);
        if (user?.id === grant.userId || caller?.email === email)
          throw new Conflict(ChildMessages.helperIsSelf);
        if (user?.id === grant.ownerId) throw new Conflict(ChildMessages.helperIsOwner);
        const existing = await em.count(ChildHelper, {
          child: grant.childId,
          $or: user ? [{ email }, { userId: user.id }] : [{ email }],
        });
        if (existing) throw new Conflict(ChildMessages.helperExists);
        await this.countAddition(em, grant);

        const helper = em.create(ChildHelper, {
          id: randomUUID(),
          child: grant.childId,
          userId: user?.id ?? null,
          email,
          accessType,
          status: user ? 'ACTIVE' : 'PENDING',
          invitedBy: grant.userId,
        });
        em.persist(helper);
        await em.flush();
        await recordAudit(em, {
          childId: grant.childId,
          actorId: grant.userId,
          kind: 'HELPER_ADDED',
          entityId: helper.id,
          after: { email, access_type: accessType, status: helper.status },
        });
        if (user) {
          this.outbox.add(em, Subjects.ChildAccessGrantedV1, {
            childId: grant.childId,
            userId: user.id,
            accessType,
          });
        } else {
          const child = await em.findOneOrFail(Child, grant.childId, { fields: ['firstName'] });
          this.outbox.add(em, Subjects.HelperInvitedV2, {
            email,
            childId: grant.childId,
            accessType,
            invitedBy: grant.userId,
            childFirstName: child.firstName,
          });
        }
        return toHelperDto(helper, user);
      });
    } catch (error) {
      // Two concurrent adds of the same person: the unique index decides, the loser is told it exists.
      if (error instanceof UniqueConstraintViolationException) throw new Conflict(ChildMessages.helperExists);
      throw error;
    }
  }

  async remove(grant: ChildAccessGrant, helperId: string): Promise<void> {
    await this.em.transactional(async (em) => {
      const helper = await em.findOne(ChildHelper, { id: helperId, child: grant.childId });
      if (!helper) throw new HelperNotFound();
      await em.nativeDelete(ChildHelper, { id: helper.id });
      // A hand-over offered to them goes with their place on the team (ADR 0050).
      if (helper.userId) await removeOffer(em, grant.childId, helper.userId);
      await recordAudit(em, {
        childId: grant.childId,
        actorId: grant.userId,
        kind: 'HELPER_REMOVED',
        entityId: helper.id,
        before: { email: helper.email, access_type: helper.accessType, status: helper.status },
      });
      if (helper.status === 'ACTIVE' && helper.userId) {
        await recordFormerHelper(em, grant.childId, helper.userId, helper.accessType);
        this.outbox.add(em, Subjects.ChildAccessRevokedV1, {
          childId: grant.childId,
          userId: helper.userId,
          accessType: helper.accessType,
        });
      } else if (helper.status === 'PENDING') {
        this.outbox.add(em, Subjects.HelperInviteWithdrawnV1, {
          childId: grant.childId,
          email: helper.email,
        });
      }
    });
  }

  /**
   * Records an addition to the child's team by the caller, or refuses it (429 with the seconds until one is free)
   * when the caller or the child already had their day's share (`HELPER_ADDITIONS_PER_*_PER_DAY`). Each addition of
   * an unknown address e-mails an invite; registered addresses count too, so the answer never tells them apart.
   */
  private async countAddition(
    em: EntityManager,
    grant: ChildAccessGrant,
    now: Date = new Date(),
  ): Promise<void> {
    const since = new Date(now.getTime() - DAY_MS);
    const counts = await countAdditionsSince(em, grant.userId, grant.childId, since);
    const scope =
      counts.byUser >= this.limits.perUser
        ? { name: 'byUser' as const, key: grant.userId, limit: this.limits.perUser }
        : counts.forChild >= this.limits.perChild
          ? { name: 'forChild' as const, key: grant.childId, limit: this.limits.perChild }
          : null;
    if (scope) {
      // Free again when the limit-th newest addition is a day old.
      const oldest = await additionTimeAtRank(em, scope.name, scope.key, since, scope.limit - 1);
      const freeAt = oldest ? oldest.getTime() + DAY_MS : now.getTime();
      throw new TooManyHelperAdditions(retryAfterSeconds(freeAt - now.getTime()));
    }
    await recordAddition(em, grant.childId, grant.userId, now);
  }
}
