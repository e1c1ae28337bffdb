/**
 * `@aba/web-kit/outbox`: the device's outbox of captures (issue 16, ADR 0038), bundled per build like
 * `@aba/web-kit/capture`: every copy works on the same IndexedDB database, and one flush runs at a time on the device.
 */
export type { OutboxKind, OutboxRecord, SetAsideCapture } from './outbox.js';
export {
  discardCapture,
  flushNow,
  listenForFullStorage,
  listenForSentCaptures,
  listenForSetAsideCaptures,
  retryCapture,
  startOutboxSync,
} from './outbox-sync.js';
export { captureQuery, isKeptOnDevice, refusalOf } from './delivery-result.js';
export { isOverdue, useOutboxStatus, type OutboxStatus } from './use-outbox-status.js';
export { askPersistentStorage, type Persistence } from './device-storage.js';
