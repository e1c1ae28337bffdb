import { Migration } from '@mikro-orm/migrations';
import type { Constructor } from '@mikro-orm/core';
import { eventTablesSql, outboxRetentionSql } from '../events/event-entities.js';

/** Every service's first migration: its outbox and inbox tables. */
export function eventTablesMigration(schema: string): Constructor<Migration> {
  return class EventTablesMigration extends Migration {
    override name = 'Migration20261122000000_event_tables';

    override up(): void {
      for (const statement of eventTablesSql(schema)) this.addSql(statement);
    }
  };
}

/** Every service's migration keeping its published events for a restore (ADR 0058). */
export function outboxRetentionMigration(schema: string): Constructor<Migration> {
  return class OutboxRetentionMigration extends Migration {
    override name = 'Migration20270101000000_outbox_retention';

    override up(): void {
      for (const statement of outboxRetentionSql(schema)) this.addSql(statement);
    }
  };
}
