export * from './openapi-document.js';
