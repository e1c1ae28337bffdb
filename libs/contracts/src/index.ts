export * from './api/index.js';
export * from './events/index.js';
