import { Migration } from '@mikro-orm/migrations';

/**
 * Captures whose goal or behaviour was deleted before a phone could send them, handed over by that phone (issue 16,
 * ADR 0044): kept with the capture as it was made until the child's owner or a coordinator attaches it to another
 * goal or behaviour (then `record_id` is what it was recorded as) or discards it with a reason. Gone with the child.
 */
export class Migration20261221000100NeedsAttention extends Migration {
  override name = 'Migration20261221000100_needs_attention';

  override up(): void {
    this.addSql(
      `create table "therapy"."needs_attention" (
        "id" uuid primary key,
        "child_id" uuid not null references "therapy"."child" ("id") on delete cascade,
        "author_id" uuid not null,
        "author_relation" varchar(10) not null,
        "kind" varchar(20) not null,
        "record" jsonb not null,
        "target_id" uuid not null,
        "target_label" text null,
        "session_id" uuid null,
        "captured_at" timestamptz not null,
        "received_at" timestamptz not null default now(),
        "state" varchar(10) not null default 'WAITING',
        "resolved_by" uuid null,
        "resolved_at" timestamptz null,
        "discard_reason" text null,
        "attached_to" uuid null,
        "attached_to_label" text null,
        "record_id" uuid null
      )`,
    );
    this.addSql(
      'create index "needs_attention_child_idx" on "therapy"."needs_attention" ("child_id", "state", "captured_at")',
    );
  }
}
