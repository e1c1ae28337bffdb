import { eventTablesMigration } from '@aba/server-kit';
import { Child } from './children/child.entity.js';
import { ChildHelper } from './helpers/child-helper.entity.js';
import { Migration20261122000100UserDirectory } from './migrations/Migration20261122000100_user_directory.js';
import { Migration20261123000100Children } from './migrations/Migration20261123000100_children.js';
import { Migration20261123000200ChildLicences } from './migrations/Migration20261123000200_child_licences.js';
import { ChildLicence } from './licences/child-licence.entity.js';
import { DirectoryUser } from './user-directory/directory-user.entity.js';

/** The therapy schema: its entities and its migrations, in order. */
export const therapyDatabase = {
  entities: [DirectoryUser, Child, ChildHelper, ChildLicence],
  migrations: [
    eventTablesMigration('therapy'),
    Migration20261122000100UserDirectory,
    Migration20261123000100Children,
    Migration20261123000200ChildLicences,
  ],
};
