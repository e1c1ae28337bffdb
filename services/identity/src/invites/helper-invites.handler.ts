import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { normaliseEmail, registrationRoleForAccess } from '@aba/contracts/api';
import { Subjects, type EventPayload } from '@aba/contracts/events';
import { OnEvent, type EventHandlerContext } from '@aba/server-kit';
import { Mailer } from '../mail/mailer.js';
import { OneTimeTokens } from '../one-time-tokens/one-time-tokens.js';
import { User } from '../users/user.entity.js';

type Invitation = EventPayload<typeof Subjects.HelperInvitedV1> & { childFirstName?: string };

/**
 * Therapy invited someone without an account to help with a child: identity creates an invite (14 days) and
 * e-mails its link after the handler's transaction commits, saying who invited them (the inviter's name, from the
 * accounts), for which child (its first name, which only v2 of the event carries) and in which role. The inbox makes
 * each event count once. An e-mail with an active account gets nothing: its owner is already known to therapy. An
 * inactive (unproven) account does not count: whoever registered it may not own the address, so the invite goes out
 * (ADR 0012).
 */
@Injectable()
export class HelperInvitesHandler {
  constructor(
    @Inject(OneTimeTokens) private readonly tokens: OneTimeTokens,
    @Inject(Mailer) private readonly mailer: Mailer,
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

  private async invite(data: Invitation, { em, afterCommit }: EventHandlerContext): Promise<void> {
    const email = normaliseEmail(data.email);
    if (await em.count(User, { email, active: true })) return;
    const token = this.tokens.issue(em, {
      kind: 'invite',
      email,
      childId: data.childId,
      accessType: data.accessType,
      invitedBy: data.invitedBy,
    });
    const invite = {
      inviterName: await inviterName(em, data.invitedBy),
      childFirstName: data.childFirstName,
      role: registrationRoleForAccess(data.accessType),
    } as const;
    afterCommit(() => this.mailer.dispatch({ kind: 'invite', to: email, language: 'ro', token, invite }));
  }
}

async function inviterName(em: EntityManager, userId: string): Promise<string | undefined> {
  const inviter = await em.findOne(User, { id: userId }, { fields: ['firstName', 'lastName'] });
  return inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : undefined;
}
