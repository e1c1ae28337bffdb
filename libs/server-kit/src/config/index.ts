export * from './load-config.js';
export * from './schemas.js';
