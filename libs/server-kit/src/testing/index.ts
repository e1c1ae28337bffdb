export * from './test-environment.js';
export * from './nats-server.js';
export * from './service-foundation.suite.js';
export * from './event-producer.js';
export * from './published-events.js';
export * from './entity-table-drift.js';
export * from './listen-for-tests.js';
export * from './export-coverage.js';
