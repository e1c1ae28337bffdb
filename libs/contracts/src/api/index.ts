export * from './error.js';
export * from './health.js';
export * from './session.js';
export * from './identity.js';
export * from './children.js';
export * from './billing.js';
export * from './behaviors.js';
export * from './plans.js';
