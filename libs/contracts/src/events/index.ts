export * from './envelope.js';
export * from './subjects.js';
export * from './payloads.js';
