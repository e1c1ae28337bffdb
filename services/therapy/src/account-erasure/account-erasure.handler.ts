import { Inject, Injectable } from '@nestjs/common';
import { Subjects, type EventPayload } from '@aba/contracts/events';
import { OnEvent, OutboxService, type EventHandlerContext } from '@aba/server-kit';
import { recordAudit } from '../audit-trail/audit-trail.js';
import { lockInviteAddress } from '../helpers/invite-address-lock.js';
import { addressOf, endTeamRoles, eraseOwnedChildren, forgetUser } from './account-erasure.queries.js';

/**
 * An account deleted (`identity.user.deleted.v1`, issue 17, ADR 0050): in the event's transaction, therapy erases
 * the children its user still owns with all their data (those they chose to hand over have another owner by now),
 * ends their places on other teams and forgets their names and address. What they recorded on other families'
 * children stays, the child's record, by a former user. Each erased child and ended place is announced as a delete or
 * a revocation is, so identity and billing forget them too.
 */
@Injectable()
export class AccountErasureHandler {
  constructor(@Inject(OutboxService) private readonly outbox: OutboxService) {}

  @OnEvent(Subjects.UserDeletedV1)
  async onUserDeleted({ userId }: EventPayload<typeof Subjects.UserDeletedV1>, { em }: EventHandlerContext) {
    const email = await addressOf(em, userId);
    if (email) await lockInviteAddress(em, email);
    await forgetUser(em, userId, email);
    for (const child of await eraseOwnedChildren(em, userId)) {
      this.outbox.add(em, Subjects.ChildDeletedV1, child);
      await recordAudit(em, { childId: child.childId, actorId: userId, kind: 'CHILD_DELETED' });
    }
    for (const role of await endTeamRoles(em, userId, email)) {
      await recordAudit(em, { childId: role.childId, actorId: userId, kind: 'HELPER_REMOVED' });
      if (role.status === 'ACTIVE') {
        this.outbox.add(em, Subjects.ChildAccessRevokedV1, {
          childId: role.childId,
          userId,
          accessType: role.accessType,
        });
      } else {
        this.outbox.add(em, Subjects.HelperInviteWithdrawnV1, { childId: role.childId, email: email! });
      }
    }
  }
}
