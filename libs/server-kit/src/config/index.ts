export * from './load-config.js';
export * from './schemas.js';
export * from './settings.module.js';
