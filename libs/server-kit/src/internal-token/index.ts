export * from './internal-token.js';
export * from './internal-identity.guard.js';
