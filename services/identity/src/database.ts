import { eventTablesMigration } from '@aba/server-kit';


/** The identity schema: its entities and its migrations, in order. */
export const identityDatabase = {
  entities: [],
  migrations: [eventTablesMigration('identity')],
};
