import { Migration } from '@mikro-orm/migrations';

/** Billing keeps no deleted child's names (issue 17): those deleted before this forget them too. */
export class Migration20261223000100DeletedChildrenNames extends Migration {
  override name = 'Migration20261223000100_deleted_children_names';

  override up(): void {
    this.addSql(`update "billing"."child" set "first_name" = '', "last_name" = '' where "deleted"`);
  }
}
