import { eventTablesMigration } from '@aba/server-kit';
import { Migration20261122000100UserDirectory } from './migrations/Migration20261122000100_user_directory.js';
import { DirectoryUser } from './user-directory/directory-user.entity.js';

/** The therapy schema: its entities and its migrations, in order. */
export const therapyDatabase = {
  entities: [DirectoryUser],
  migrations: [eventTablesMigration('therapy'), Migration20261122000100UserDirectory],
};
