export * from './test-environment.js';
export * from './nats-server.js';
