export * from './http-metrics.js';
export * from './metrics.controller.js';
export * from './service-metrics.js';
