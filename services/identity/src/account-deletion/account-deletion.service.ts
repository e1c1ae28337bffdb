import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import type { z } from 'zod';
import {
  ACCOUNT_DELETION_PATH,
  accountChildrenSchema,
  accountDeletionProblem,
  IdentityMessages,
  normaliseEmail,
  type accountDeletionRequestSchema,
  type InternalIdentity,
} from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import { NotLoggedIn, OutboxRelay, OutboxService, requireUser, ValidationFailed } from '@aba/server-kit';
import { lockActiveAccount } from '../users/users.queries.js';
import { InternalCalls, type ForwardedCall } from '../internal-calls/internal-calls.js';
import { CurrentPassword } from '../sessions/current-password.js';
import { User } from '../users/user.entity.js';
import {
  AccountDeletionUnavailable,
  ChildrenNotSettled,
  ConfirmationMismatch,
  HandOverPending,
} from './account-deletion.errors.js';
import { eraseAccount } from './account-deletion.queries.js';

type AccountDeletion = z.infer<typeof accountDeletionRequestSchema>;

/** "Delete my account" (issue 17, GDPR Art 17, ADR 0050): identity's part, which starts every other service's. */
@Injectable()
export class AccountDeletionService {
  constructor(
    @Inject(EntityManager) private readonly em: EntityManager,
    @Inject(OutboxService) private readonly outbox: OutboxService,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(CurrentPassword) private readonly currentPassword: CurrentPassword,
    @Inject(InternalCalls) private readonly services: InternalCalls,
  ) {}

  /**
   * Deletes the caller's account once they give its password (a guess counts as a failed login from `address`) and
   * type its e-mail again, and their choices settle every child they own as therapy says the children stand (asked
   * as the caller, `call`): 400 or 409 with `accountDeletionProblem`'s message, 503 when therapy cannot say. Then, in
   * one transaction, everything identity holds about the user goes, and `identity.session.revoked.v1` (every gateway
   * forgets their sessions) and `identity.user.deleted.v1` (every service erases its own rows) are written to the
   * outbox; both are published before the answer.
   */
  async delete(
    identity: InternalIdentity | undefined,
    body: AccountDeletion,
    address: string,
    call: ForwardedCall,
  ): Promise<void> {
    const userId = requireUser(identity);
    if (body.password === '') throw new ValidationFailed(IdentityMessages.requiredFields);
    const user = await this.em.findOne(User, { id: userId, active: true });
    if (!user) throw new NotLoggedIn();
    await this.currentPassword.check(user, body.password, address);
    if (normaliseEmail(body.confirmation) !== user.email) throw new ConfirmationMismatch();
    const stand = await this.services.get(
      {
        service: 'therapy',
        path: ACCOUNT_DELETION_PATH,
        schema: accountChildrenSchema,
        failure: "Therapy could not say where an account's children stand",
        unavailable: () => new AccountDeletionUnavailable(),
      },
      call,
    );
    const problem = accountDeletionProblem(body.children, stand);
    if (problem) {
      throw problem.conflict ? new HandOverPending(problem.message) : new ChildrenNotSettled(problem.message);
    }
    const announced = await this.em.transactional(async (tx) => {
      // Locked: a second deletion at once waits, then finds no account (401); an e-mail changed meanwhile is not
      // the one confirmed.
      const email = await lockActiveAccount(tx, userId);
      if (email === null) throw new NotLoggedIn();
      if (email !== user.email) throw new ConfirmationMismatch();
      await eraseAccount(tx, { userId, email });
      return [
        this.outbox.add(tx, Subjects.SessionRevokedV1, { userId }),
        this.outbox.add(tx, Subjects.UserDeletedV1, { userId }),
      ];
    });
    await this.relay.publishNow(...announced);
  }
}
