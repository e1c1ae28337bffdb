export * from './config/index.js';
export * from './database/index.js';
export * from './errors/index.js';
export * from './internal-token/index.js';
export * from './logging/index.js';
export { eventTablesSql, OutboxEvent, InboxEvent } from './events/event-entities.js';
