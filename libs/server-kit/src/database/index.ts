export * from './orm-config.js';
export * from './migrate.js';
