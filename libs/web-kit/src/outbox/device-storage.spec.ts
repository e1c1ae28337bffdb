import { askPersistentStorage } from './device-storage.js';

function memory() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

function browser({ persisted = false, grants = false } = {}) {
  const calls = { persist: 0 };
  return {
    calls,
    storage: {
      persisted: async () => persisted,
      persist: async () => {
        calls.persist += 1;
        return grants;
      },
    },
  };
}

describe('asking the browser to keep the outbox', () => {
  it('asks once: a refusal is remembered and not asked again on every start', async () => {
    const remembered = memory();
    const refusing = browser();
    expect(await askPersistentStorage(refusing.storage, remembered)).toBe('refused');
    expect(await askPersistentStorage(refusing.storage, remembered)).toBe('refused');
    expect(refusing.calls.persist).toBe(1);
  });

  it('says granted when the browser grants it, or already had (installed to the home screen later)', async () => {
    expect(await askPersistentStorage(browser({ grants: true }).storage, memory())).toBe('granted');
    const remembered = memory();
    await askPersistentStorage(browser().storage, remembered);
    const installed = browser({ persisted: true });
    expect(await askPersistentStorage(installed.storage, remembered)).toBe('granted');
    expect(installed.calls.persist).toBe(0);
  });

  it('says unsupported where the browser has no storage manager', async () => {
    expect(await askPersistentStorage(undefined, memory())).toBe('unsupported');
  });
});
