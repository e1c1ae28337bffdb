import { Migration } from '@mikro-orm/migrations';

/**
 * A child's report settings (issue 18, ADR 0053): the clinic's name and logo on every page of the clinician report and
 * the order of its sections, set by the owner or a coordinator; one row per child at most, gone with the child.
 */
export class Migration20261226000100ReportSettings extends Migration {
  override name = 'Migration20261226000100_report_settings';

  override up(): void {
    this.addSql(
      `create table "therapy"."child_report_settings" (
        "child_id" uuid not null primary key references "therapy"."child" ("id") on delete cascade,
        "clinic_name" text null,
        "logo" bytea null,
        "logo_type" text null check ("logo_type" in ('png', 'jpeg')),
        "logo_width" int null,
        "logo_height" int null,
        "section_order" text[] not null,
        "updated_by" uuid not null,
        "updated_at" timestamptz not null default now(),
        check (num_nulls("logo", "logo_type", "logo_width", "logo_height") in (0, 4))
      )`,
    );
  }
}
