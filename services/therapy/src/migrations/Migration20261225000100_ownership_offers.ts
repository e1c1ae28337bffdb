import { Migration } from '@mikro-orm/migrations';

/**
 * A hand-over of a child waiting for the coordinator it is offered to (issue 17, ADR 0050): one per child at most,
 * gone with the child or once accepted, declined or withdrawn.
 */
export class Migration20261225000100OwnershipOffers extends Migration {
  override name = 'Migration20261225000100_ownership_offers';

  override up(): void {
    this.addSql(
      `create table "therapy"."ownership_offer" (
        "child_id" uuid not null primary key references "therapy"."child" ("id") on delete cascade,
        "to_user_id" uuid not null,
        "offered_by" uuid not null,
        "offered_at" timestamptz not null default now()
      )`,
    );
    this.addSql('create index "ownership_offer_to_user_idx" on "therapy"."ownership_offer" ("to_user_id")');
  }
}
