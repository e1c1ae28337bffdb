import { eventTablesMigration } from '@aba/server-kit';
import { BillingUser } from './directory/billing-user.entity.js';
import { Child, ChildAccess } from './directory/child.entity.js';
import { ChildSubscription } from './licences/child-subscription.entity.js';
import { Migration20261201000200Billing } from './migrations/Migration20261201000200_billing.js';
import { StripeEvent } from './stripe/stripe-event.entity.js';
import { Subscription } from './subscriptions/subscription.entity.js';

/** The billing schema: its entities and its migrations, in order. */
export const billingDatabase = {
  entities: [BillingUser, Child, ChildAccess, Subscription, ChildSubscription, StripeEvent],
  migrations: [eventTablesMigration('billing'), Migration20261201000200Billing],
};
