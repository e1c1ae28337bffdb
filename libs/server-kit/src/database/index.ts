export * from './orm-config.js';
export * from './migrate.js';
export * from './provision.js';
export * from './event-tables.migration.js';
export * from './sql-rows.js';
