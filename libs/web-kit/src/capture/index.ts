/**
 * `@aba/web-kit/capture`: what the screens where a therapist records data share, bundled per build (like
 * `@aba/web-kit/forms`, not a Module Federation singleton, so adding to it needs no new shell): the narrow-screen
 * switch between tables and stacked cards (and the cards' style), the start of the viewer's day that "today's" counts start from, and the id and time a device gives each capture.
 */
export { NARROW_SCREEN, useMediaQuery } from './use-media-query.js';
export { isSince, startOfDay } from './start-of-day.js';
export { useTapTargetStyles } from './tap-target.js';
export { useCaptureCardStyles } from './capture-cards.js';
export { captureNow, newRecordId, type DeviceCapture } from './device-capture.js';
