export * from './health.controller.js';
