import { Inject, Injectable } from '@nestjs/common';
import { normaliseEmail } from '@aba/contracts/api';
import { Subjects, type EventPayload } from '@aba/contracts/events';
import { OnEvent, type EventHandlerContext } from '@aba/server-kit';
import { OneTimeTokens } from '../accounts/one-time-tokens.js';
import { User } from '../accounts/user.entity.js';
import { Mailer } from '../mail/mailer.js';

/**
 * Therapy invited someone without an account to help with a child: identity creates an invite (14 days) and
 * e-mails its link after the handler's transaction commits. The inbox makes each event count once.
 * An e-mail with an active account gets nothing: its owner is already known to therapy. An inactive (unproven)
 * account does not count: whoever registered it may not own the address, so the invite goes out (ADR 0012).
 */
@Injectable()
export class HelperInvitesHandler {
  constructor(
    @Inject(OneTimeTokens) private readonly tokens: OneTimeTokens,
    @Inject(Mailer) private readonly mailer: Mailer,
  ) {}

  @OnEvent(Subjects.HelperInvitedV1)
  async onHelperInvited(
    data: EventPayload<typeof Subjects.HelperInvitedV1>,
    { em, afterCommit }: EventHandlerContext,
  ) {
    const email = normaliseEmail(data.email);
    if (await em.count(User, { email, active: true })) return;
    const token = this.tokens.issue(em, {
      kind: 'invite',
      email,
      childId: data.childId,
      accessType: data.accessType,
      invitedBy: data.invitedBy,
    });
    afterCommit(() => this.mailer.dispatch({ kind: 'invite', to: email, language: 'ro', token }));
  }

  /** The pending helper was removed from the child's team: the invitation's link stops working. */
  @OnEvent(Subjects.HelperInviteWithdrawnV1)
  async onInviteWithdrawn(
    data: EventPayload<typeof Subjects.HelperInviteWithdrawnV1>,
    { em }: EventHandlerContext,
  ) {
    await this.tokens.closeChildInvites(em, data.childId, normaliseEmail(data.email));
  }
}
