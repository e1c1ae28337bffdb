import { eventTablesMigration, outboxRetentionMigration } from '@aba/server-kit';
import { BillingUser } from './directory/billing-user.entity.js';
import { Migration20261201000200Billing } from './migrations/Migration20261201000200_billing.js';
import { Migration20261223000100DeletedChildrenNames } from './migrations/Migration20261223000100_deleted_children_names.js';
import { Migration20261231000100ErasedUsers } from './migrations/Migration20261231000100_erased_users.js';
import { Subscription } from './subscriptions/subscription.entity.js';

/** The billing schema: its entities and its migrations, in order. */
export const billingDatabase = {
  entities: [BillingUser, Subscription],
  migrations: [
    eventTablesMigration('billing'),
    Migration20261201000200Billing,
    Migration20261223000100DeletedChildrenNames,
    Migration20261231000100ErasedUsers,
    outboxRetentionMigration('billing'),
  ],
};
