/**
 * `@aba/web-kit/outbox`: the device's outbox of captures (issue 16, ADR 0038), bundled per build like
 * `@aba/web-kit/capture`: every copy works on the same IndexedDB database, and one flush runs at a time on the device.
 */
export {
  flushOutbox,
  forgetCapture,
  openOutbox,
  pendingCaptures,
  queueCapture,
  retryDelayMs,
  sendCapture,
  OutboxFullError,
  type FlushReport,
  type NewOutboxRecord,
  type OutboxDb,
  type OutboxKind,
  type OutboxRecord,
  type SendAnswer,
} from './outbox.js';
export {
  deliverCapture,
  discardCapture,
  flushNow,
  lastSyncOf,
  listenForFullStorage,
  listenForOutboxChanges,
  listenForSentCaptures,
  startOutboxSync,
  FLUSH_EVERY_MS,
  type Delivery,
} from './outbox-sync.js';
export { captureQuery, deliveryResult, isKeptOnDevice, type DeliveryError } from './delivery-result.js';
export { isOverdue, useOutboxStatus, OVERDUE_MS, type OutboxStatus } from './use-outbox-status.js';
export { askPersistentStorage, type Persistence } from './device-storage.js';
