import { eventTablesMigration } from '@aba/server-kit';
import { OneTimeToken } from './accounts/one-time-token.entity.js';
import { User } from './accounts/user.entity.js';
import { Migration20261201000100Accounts } from './migrations/Migration20261201000100_accounts.js';
import { Migration20261201000300LoginThrottle } from './migrations/Migration20261201000300_login_throttle.js';
import { Session } from './sessions/session.entity.js';
import { UserChild } from './user-child/user-child.entity.js';

/** The identity schema: its entities and its migrations, in order. */
export const identityDatabase = {
  entities: [User, Session, OneTimeToken, UserChild],
  migrations: [
    eventTablesMigration('identity'),
    Migration20261201000100Accounts,
    Migration20261201000300LoginThrottle,
  ],
};
