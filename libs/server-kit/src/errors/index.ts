export * from './database-errors.js';
export * from './domain-error.js';
export * from './exception.filter.js';
export * from './shared-errors.js';
export * from './validate.js';
