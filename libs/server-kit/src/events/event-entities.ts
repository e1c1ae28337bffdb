import { defineEntity, p } from '@mikro-orm/core';

/**
 * An event written in the same transaction as the state change it announces. The relay publishes it and stamps
 * `publishedAt`; it is kept as long as the streams keep it (EVENT_RETENTION_DAYS), so that a restored backup can
 * publish again what its consumers may not have handled when the backup was taken (ADR 0058).
 */
export const OutboxEventSchema = defineEntity({
  name: 'OutboxEvent',
  tableName: 'outbox_event',
  properties: {
    id: p.uuid().primary(),
    subject: p.string(),
    envelope: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    publishedAt: p.datetime().nullable(),
  },
});
export class OutboxEvent extends OutboxEventSchema.class {}
OutboxEventSchema.setClass(OutboxEvent);

/** An event id this service has handled; written in the handler's transaction so a redelivery is skipped. */
export const InboxEventSchema = defineEntity({
  name: 'InboxEvent',
  tableName: 'inbox_event',
  properties: {
    eventId: p.uuid().primary(),
    subject: p.string(),
    processedAt: p.datetime(),
  },
});
export class InboxEvent extends InboxEventSchema.class {}
InboxEventSchema.setClass(InboxEvent);

export const eventEntities = [OutboxEvent, InboxEvent];

/** DDL of the outbox and inbox tables, for each service's first migration (then `outboxRetentionSql`). */
export function eventTablesSql(schema: string): string[] {
  return [
    `create table "${schema}"."outbox_event" ("id" uuid not null primary key, "subject" varchar(255) not null, "envelope" jsonb not null, "created_at" timestamptz not null default now())`,
    `create index "outbox_event_created_at_idx" on "${schema}"."outbox_event" ("created_at")`,
    `create table "${schema}"."inbox_event" ("event_id" uuid not null primary key, "subject" varchar(255) not null, "processed_at" timestamptz not null default now())`,
  ];
}

/**
 * DDL keeping published outbox rows (ADR 0058): when each was published, the relay's index on the rows still to
 * publish, the sweep's on the published ones.
 */
export function outboxRetentionSql(schema: string): string[] {
  return [
    `alter table "${schema}"."outbox_event" add column "published_at" timestamptz null`,
    `drop index "${schema}"."outbox_event_created_at_idx"`,
    `create index "outbox_event_unpublished_idx" on "${schema}"."outbox_event" ("created_at") where "published_at" is null`,
    `create index "outbox_event_published_at_idx" on "${schema}"."outbox_event" ("published_at") where "published_at" is not null`,
  ];
}
