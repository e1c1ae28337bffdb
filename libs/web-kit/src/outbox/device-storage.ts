/** What the browser said when asked to keep this site's data (the outbox) through storage pressure. */
export type Persistence = 'granted' | 'refused' | 'unsupported';

const PERSISTENCE_KEY = 'aba-storage-persistence';

/**
 * Asks the browser once per device to keep the site's storage (the outbox) when space runs low; Safari, for one,
 * evicts the data of a site not used for 7 days unless the app is on the home screen. Remembers and returns the answer;
 * later calls return what was remembered, unless the browser has since granted it.
 */
export async function askPersistentStorage(
  storage: Pick<StorageManager, 'persist' | 'persisted'> | undefined = globalThis.navigator?.storage,
  remembered: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): Promise<Persistence> {
  if (!storage?.persist || !storage.persisted) return 'unsupported';
  if (await storage.persisted()) return remember(remembered, 'granted');
  const asked = remembered.getItem(PERSISTENCE_KEY);
  if (asked === 'refused') return 'refused';
  return remember(remembered, (await storage.persist()) ? 'granted' : 'refused');
}

function remember(remembered: Pick<Storage, 'setItem'>, persistence: Persistence): Persistence {
  try {
    remembered.setItem(PERSISTENCE_KEY, persistence);
  } catch {
    // Storage refused: the browser is asked again next time.
  }
  return persistence;
}
