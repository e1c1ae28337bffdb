import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { registrationRoleForAccess } from '@aba/contracts/api';
import type { EventPayload, Subjects } from '@aba/contracts/events';
import { PeriodicSweep, sqlRows } from '@aba/server-kit';
import { Mailer } from '../mail/mailer.js';
import { OneTimeTokens } from '../one-time-tokens/one-time-tokens.js';
import { User } from '../users/user.entity.js';

/** An invitation to mail, as the event gave it (the e-mail normalised); v1 events carry no child's name. */
export type InviteToMail = EventPayload<typeof Subjects.HelperInvitedV1> & { childFirstName?: string };

/** How often a replica looks for invitations left unmailed, and how old one must be for the sweep to take it. */
export const SWEEP_EVERY_MS = 15_000;
export const UNMAILED_AFTER_MS = 30_000;
/** Invitations a sweep mails at most, each in turn (the rest wait for the next sweep). */
const MAILS_PER_SWEEP = 20;
/** After this many failed sends an invitation is given up (logged): the address or the mail server refuses it. */
const MAX_ATTEMPTS = 10;

interface PendingRow {
  id: string;
  email: string;
  child_id: string;
  access_type: InviteToMail['accessType'];
  invited_by: string;
  child_first_name: string | null;
  attempts: number;
}

/**
 * Invitations mailed at least once, whatever stops a replica (ADR 0064). The event's handler keeps the invitation in
 * its transaction (`keep`) and asks for it to be mailed after the commit (`mail`); a replica that stopped in between
 * leaves it kept, and a sweep of any replica mails it. Mailing one takes its row (`for update skip locked`: never
 * two replicas at once), makes the link's token (committed first, on its own), sends, and removes the row when its
 * transaction commits: a replica stopping before the send leaves it kept (and perhaps an unused token); one stopping
 * after the send and before the commit sends it twice, both links working. Closing an invitation (`OneTimeTokens`:
 * withdrawn, the child gone, the address registered) drops it unmailed.
 */
@Injectable()
export class PendingInviteMails extends PeriodicSweep {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(OneTimeTokens) private readonly tokens: OneTimeTokens,
    @Inject(Mailer) private readonly mailer: Mailer,
  ) {
    super(SWEEP_EVERY_MS);
  }

  /** Keeps `invite` to be mailed, in the caller's transaction; answers its id. */
  async keep(em: EntityManager, invite: InviteToMail): Promise<string> {
    const id = randomUUID();
    await sqlRows(
      em,
      `insert into "pending_invite_mail" ("id", "email", "child_id", "access_type", "invited_by", "child_first_name")
       values (?, ?, ?, ?, ?, ?)`,
      [id, invite.email, invite.childId, invite.accessType, invite.invitedBy, invite.childFirstName ?? null],
    );
    return id;
  }

  /** Mails the kept invitation `id`, unless another replica has it or has mailed it. */
  async mail(id: string): Promise<void> {
    await this.mailKept('"id" = ?', [id]);
  }

  protected async work(now: Date): Promise<void> {
    await this.mailKept('"created_at" <= ?', [new Date(now.getTime() - UNMAILED_AFTER_MS)]);
  }

  private async mailKept(condition: string, params: unknown[]): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      const rows = await sqlRows<PendingRow>(
        em,
        `select "id", "email", "child_id", "access_type", "invited_by", "child_first_name", "attempts"
           from "pending_invite_mail" where ${condition}
          order by "created_at" limit ${MAILS_PER_SWEEP} for update skip locked`,
        params,
      );
      for (const row of rows) {
        // The token commits on its own first: the link works the moment the e-mail arrives.
        const token = await this.orm.em.fork().transactional(async (tokenEm) =>
          this.tokens.issue(tokenEm, {
            kind: 'invite',
            email: row.email,
            childId: row.child_id,
            accessType: row.access_type,
            invitedBy: row.invited_by,
          }),
        );
        const sent = await this.mailer.send({
          kind: 'invite',
          to: row.email,
          language: 'ro',
          token,
          invite: {
            inviterName: await inviterName(em, row.invited_by),
            childFirstName: row.child_first_name ?? undefined,
            role: registrationRoleForAccess(row.access_type),
          },
        });
        if (sent || row.attempts + 1 >= MAX_ATTEMPTS) {
          if (!sent)
            this.logger.error({ to: row.email, attempts: row.attempts + 1 }, 'Invitation e-mail given up');
          await sqlRows(em, 'delete from "pending_invite_mail" where "id" = ?', [row.id]);
        } else {
          await sqlRows(em, 'update "pending_invite_mail" set "attempts" = "attempts" + 1 where "id" = ?', [
            row.id,
          ]);
        }
      }
    });
  }
}

async function inviterName(em: EntityManager, userId: string): Promise<string | undefined> {
  const inviter = await em.findOne(User, { id: userId }, { fields: ['firstName', 'lastName'] });
  return inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : undefined;
}
