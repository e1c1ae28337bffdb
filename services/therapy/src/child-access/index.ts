export * from './child-access.decorator.js';
export * from './child-access.errors.js';
export * from './child-access.module.js';
export * from './child-access.policy.js';
export * from './child-access.rule.js';
export * from './child-access.types.js';
