import { Migration } from '@mikro-orm/migrations';

/**
 * A link that confirms a new e-mail for an account (issue 17): a one-time token of the user, holding the address asked
 * for (`email`) until it is opened.
 */
export class Migration20261223000100EmailChangeTokens extends Migration {
  override name = 'Migration20261223000100_email_change_tokens';

  override up(): void {
    this.addSql(
      `alter table "identity"."one_time_token" drop constraint "one_time_token_kind_check",
         add constraint "one_time_token_kind_check"
           check ("kind" in ('activation', 'reset', 'invite', 'email-change'))`,
    );
  }
}
