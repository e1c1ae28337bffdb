import { Inject, Injectable } from '@nestjs/common';
import { normaliseEmail } from '@aba/contracts/api';
import { Subjects, type EventPayload } from '@aba/contracts/events';
import { OnEvent, type EventHandlerContext } from '@aba/server-kit';
import { Background } from '../background.js';
import { OneTimeTokens } from '../one-time-tokens/one-time-tokens.js';
import { User } from '../users/user.entity.js';
import { PendingInviteMails, type InviteToMail } from './pending-invite-mails.js';

/**
 * Therapy invited someone without an account to help with a child: identity keeps the invitation in the handler's
 * transaction and, once it commits, e-mails a link (an invite of 14 days; `PendingInviteMails` mails it at least once,
 * whatever stops a replica, ADR 0064), saying who invited them (the inviter's name, from the
 * accounts), for which child (its first name, which only v2 of the event carries) and in which role. The inbox makes
 * each event count once. An e-mail with an active account gets nothing: its owner is already known to therapy. An
 * inactive (unproven) account does not count: whoever registered it may not own the address, so the invite goes out
 * (ADR 0012).
 */
@Injectable()
export class HelperInvitesHandler {
  constructor(
    @Inject(OneTimeTokens) private readonly tokens: OneTimeTokens,
    @Inject(PendingInviteMails) private readonly pending: PendingInviteMails,
    @Inject(Background) private readonly background: Background,
  ) {}

  @OnEvent(Subjects.HelperInvitedV2)
  async onHelperInvited(data: EventPayload<typeof Subjects.HelperInvitedV2>, context: EventHandlerContext) {
    await this.invite(data, context);
  }

  /** Invitations therapy published before it sent v2 (still in flight after an upgrade): no child name in them. */
  @OnEvent(Subjects.HelperInvitedV1)
  async onHelperInvitedV1(data: EventPayload<typeof Subjects.HelperInvitedV1>, context: EventHandlerContext) {
    await this.invite(data, context);
  }

  /** The pending helper was removed from the child's team: the invitation's link stops working. */
  @OnEvent(Subjects.HelperInviteWithdrawnV1)
  async onInviteWithdrawn(
    data: EventPayload<typeof Subjects.HelperInviteWithdrawnV1>,
    { em }: EventHandlerContext,
  ) {
    await this.tokens.closeChildInvites(em, data.childId, normaliseEmail(data.email));
  }

  private async invite(data: InviteToMail, { em, afterCommit }: EventHandlerContext): Promise<void> {
    const email = normaliseEmail(data.email);
    if (await em.count(User, { email, active: true })) return;
    const id = await this.pending.keep(em, { ...data, email });
    afterCommit(() => this.background.run('invite e-mail', () => this.pending.mail(id)));
  }
}
