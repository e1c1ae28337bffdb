/**
 * A read started with `dispatch(api.endpoints.x.initiate(args))` outside a component: awaited, then let go (its cache
 * entry goes as any unused one); its data, or `undefined` when it failed.
 */
export async function readOnce<T>(request: {
  unwrap(): Promise<T>;
  unsubscribe(): void;
}): Promise<T | undefined> {
  try {
    return await request.unwrap();
  } catch {
    return undefined;
  } finally {
    request.unsubscribe();
  }
}

/** `initiate`'s options for a read that must reach the server (and the service worker) even when the store has it. */
export const THROUGH_THE_NETWORK = { forceRefetch: true } as const;
