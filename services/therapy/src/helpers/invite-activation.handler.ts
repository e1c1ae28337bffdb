import { Inject, Injectable } from '@nestjs/common';
import { normaliseEmail } from '@aba/contracts/api';
import { Subjects, type EventPayload } from '@aba/contracts/events';
import { OnEvent, OutboxService, type EventHandlerContext } from '@aba/server-kit';
import { ChildHelper } from './child-helper.entity.js';
import { lockInviteAddress } from './invite-address-lock.js';

/**
 * Someone proved they own an address (ADR 0012), by registering with it or by confirming it as their account's new
 * e-mail (issue 17): every PENDING invite for it becomes ACTIVE and is announced as granted, in the event's transaction.
 * Where they already help that child under another e-mail, the invite is dropped.
 * A helper added by that address meanwhile waits for the event's transaction (`lockInviteAddress`), and then finds
 * the user in the directory.
 */
@Injectable()
export class InviteActivationHandler {
  constructor(@Inject(OutboxService) private readonly outbox: OutboxService) {}

  @OnEvent(Subjects.UserRegisteredV1)
  onUserRegistered(user: EventPayload<typeof Subjects.UserRegisteredV1>, context: EventHandlerContext) {
    return this.activateInvites(user, context);
  }

  /** An account's update carries its e-mail, a new one once confirmed; an address it already had has nothing pending. */
  @OnEvent(Subjects.UserUpdatedV1)
  onUserUpdated(user: EventPayload<typeof Subjects.UserUpdatedV1>, context: EventHandlerContext) {
    return this.activateInvites(user, context);
  }

  private async activateInvites(
    user: EventPayload<typeof Subjects.UserRegisteredV1>,
    { em }: EventHandlerContext,
  ): Promise<void> {
    const email = normaliseEmail(user.email);
    await lockInviteAddress(em, email);
    const pending = await em.find(ChildHelper, { email, status: 'PENDING' });
    if (pending.length === 0) return;
    const alreadyHelping = new Set(
      (await em.find(ChildHelper, { userId: user.userId })).map((helper) => helper.child.id),
    );
    for (const helper of pending) {
      if (alreadyHelping.has(helper.child.id)) {
        em.remove(helper);
        continue;
      }
      helper.status = 'ACTIVE';
      helper.userId = user.userId;
      this.outbox.add(em, Subjects.ChildAccessGrantedV1, {
        childId: helper.child.id,
        userId: user.userId,
        accessType: helper.accessType,
      });
    }
    await em.flush();
  }
}
