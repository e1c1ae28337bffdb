import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { NewOutboxRecord, SetAsideCapture } from './outbox.js';
import { deliverCapture, type Delivery } from './outbox-sync.js';

/** A capture's failed call, as RTK Query's own errors, saying whether the outbox still keeps the capture. */
type DeliveryError = FetchBaseQueryError & { kept: boolean };

type CaptureResult<T> = { data: T } | { error: FetchBaseQueryError };

/** A delivery as an RTK Query `queryFn` result: the server's answer on 2xx, else an error like `fetchBaseQuery`'s. */
export function deliveryResult<T>(delivery: Delivery): { data: T } | { error: DeliveryError } {
  const { status, body, kept } = delivery;
  if (status >= 200 && status < 300) return { data: body as T };
  if (status === 0) return { error: { status: 'FETCH_ERROR', error: 'Failed to fetch', kept } };
  return { error: { status, data: body, kept } };
}

/**
 * The `queryFn` of a call that records a capture (`path` as the platform's API paths are written, `api/…`): through
 * the device's outbox for the logged-in `userId` (ADR 0038), else straight through `baseQuery`.
 */
export async function captureQuery<T>(
  baseQuery: (
    args: FetchArgs,
  ) =>
    | PromiseLike<{ data?: unknown; error?: FetchBaseQueryError }>
    | { data?: unknown; error?: FetchBaseQueryError },
  { userId, path, ...capture }: Omit<NewOutboxRecord, 'userId'> & { userId?: string },
): Promise<CaptureResult<T>> {
  if (!userId) {
    const sent = await baseQuery({ url: path, method: 'POST', body: capture.body });
    return sent.error ? { error: sent.error } : { data: sent.data as T };
  }
  return deliveryResult<T>(await deliverCapture({ ...capture, userId, path: `/${path}` }));
}

/** Whether a capture's call failed but the device keeps the capture and sends it later. */
export const isKeptOnDevice = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { kept?: unknown }).kept === true;

/** A capture a later flush set aside, as the error its call gives when the server refuses it at once (not kept). */
export const refusalOf = ({ status, error }: SetAsideCapture): DeliveryError => ({
  status,
  data: error ? { error } : undefined,
  kept: false,
});
