import { Migration } from '@mikro-orm/migrations';
import type { Constructor } from '@mikro-orm/core';
import { eventTablesSql } from '../events/event-entities.js';

/** Every service's first migration: its outbox and inbox tables. */
export function eventTablesMigration(schema: string): Constructor<Migration> {
  return class EventTablesMigration extends Migration {
    override name = 'Migration20261122000000_event_tables';

    override up(): void {
      for (const statement of eventTablesSql(schema)) this.addSql(statement);
    }
  };
}
