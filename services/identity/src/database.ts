import { eventTablesMigration, outboxRetentionMigration } from '@aba/server-kit';
import { Migration20261201000100Accounts } from './migrations/Migration20261201000100_accounts.js';
import { Migration20261201000300LoginThrottle } from './migrations/Migration20261201000300_login_throttle.js';
import { Migration20261223000100EmailChangeTokens } from './migrations/Migration20261223000100_email_change_tokens.js';
import { Migration20261230000100AccountExports } from './migrations/Migration20261230000100_account_exports.js';
import { Migration20261231000100PendingInviteMails } from './migrations/Migration20261231000100_pending_invite_mails.js';
import { OneTimeToken } from './one-time-tokens/one-time-token.entity.js';
import { Session } from './sessions/session.entity.js';
import { UserChild } from './user-child/user-child.entity.js';
import { User } from './users/user.entity.js';

/** The identity schema: its entities and its migrations, in order. */
export const identityDatabase = {
  entities: [User, Session, OneTimeToken, UserChild],
  migrations: [
    eventTablesMigration('identity'),
    Migration20261201000100Accounts,
    Migration20261201000300LoginThrottle,
    Migration20261223000100EmailChangeTokens,
    Migration20261230000100AccountExports,
    outboxRetentionMigration('identity'),
    Migration20261231000100PendingInviteMails,
  ],
};
