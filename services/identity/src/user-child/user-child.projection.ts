import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import { Subjects, type EventPayload } from '@aba/contracts/events';
import { OnEvent, type EventHandlerContext } from '@aba/server-kit';
import { OneTimeTokens } from '../one-time-tokens/one-time-tokens.js';
import { UserChild } from './user-child.entity.js';

/**
 * Keeps `user_child` (who owns or helps with which child, since when) in step with therapy, for login's child_id.
 * A deleted child also ends the invitations sent for it: their links stop working (a restore does not reopen them).
 */
@Injectable()
export class UserChildProjection {
  constructor(@Inject(OneTimeTokens) private readonly tokens: OneTimeTokens) {}

  @OnEvent(Subjects.ChildCreatedV1)
  async onChildCreated(data: EventPayload<typeof Subjects.ChildCreatedV1>, context: EventHandlerContext) {
    await this.link(data.ownerId, data.childId, context);
  }

  /**
   * A child handed over to one of its coordinators (ADR 0050) is its new owner's: their place on its team ended just
   * before (`child-access.revoked`), their owner's link starts here.
   */
  @OnEvent(Subjects.ChildUpdatedV1)
  async onChildUpdated(data: EventPayload<typeof Subjects.ChildUpdatedV1>, context: EventHandlerContext) {
    await this.link(data.ownerId, data.childId, context);
  }

  /** A restored child is its owner's again (ADR 0021); its helpers come back through their grants. */
  @OnEvent(Subjects.ChildRestoredV1)
  async onChildRestored(data: EventPayload<typeof Subjects.ChildRestoredV1>, context: EventHandlerContext) {
    await this.link(data.ownerId, data.childId, context);
  }

  @OnEvent(Subjects.ChildAccessGrantedV1)
  async onAccessGranted(
    data: EventPayload<typeof Subjects.ChildAccessGrantedV1>,
    context: EventHandlerContext,
  ) {
    await this.link(data.userId, data.childId, context);
  }

  @OnEvent(Subjects.ChildAccessRevokedV1)
  async onAccessRevoked(
    data: EventPayload<typeof Subjects.ChildAccessRevokedV1>,
    { em }: EventHandlerContext,
  ) {
    await em.nativeDelete(UserChild, { userId: data.userId, childId: data.childId });
  }

  @OnEvent(Subjects.ChildDeletedV1)
  async onChildDeleted(data: EventPayload<typeof Subjects.ChildDeletedV1>, { em }: EventHandlerContext) {
    await em.nativeDelete(UserChild, { childId: data.childId });
    await this.tokens.closeChildInvites(em, data.childId);
  }

  private async link(userId: string, childId: string, { em, envelope }: EventHandlerContext): Promise<void> {
    await (em as SqlEntityManager)
      .createQueryBuilder(UserChild)
      .insert({ userId, childId, since: new Date(envelope.occurredAt) })
      .onConflict(['userId', 'childId'])
      .ignore()
      .execute('run');
  }
}
