import { eventTablesMigration } from '@aba/server-kit';


/** The billing schema: its entities and its migrations, in order. */
export const billingDatabase = {
  entities: [],
  migrations: [eventTablesMigration('billing')],
};
