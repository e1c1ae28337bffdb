import { jest } from '@jest/globals';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import {
  buildI18nOptions,
  DEFAULT_LANGUAGE,
  resolveInitialLanguage,
  TRANSLATION_LOADING,
  translationRetryDelays,
} from './i18n-options.js';

describe('resolveInitialLanguage', () => {
  it('defaults to Romanian', () => {
    expect(DEFAULT_LANGUAGE).toBe('ro');
    expect(resolveInitialLanguage(null)).toBe('ro');
    expect(resolveInitialLanguage(undefined)).toBe('ro');
    expect(resolveInitialLanguage('')).toBe('ro');
  });
  it('keeps a stored supported language', () => {
    expect(resolveInitialLanguage('en')).toBe('en');
    expect(resolveInitialLanguage('ro')).toBe('ro');
  });
  it('normalizes regional and upper-case codes', () => {
    expect(resolveInitialLanguage('en-GB')).toBe('en');
    expect(resolveInitialLanguage('RO')).toBe('ro');
  });
  it('ignores unsupported languages', () => {
    expect(resolveInitialLanguage('fr')).toBe('ro');
  });
});

describe('translation loading limits (spec §9)', () => {
  it('are 10 parallel reads, 5 retries, 350 ms doubling', () => {
    expect(TRANSLATION_LOADING).toEqual({ maxParallelReads: 10, maxRetries: 5, retryTimeout: 350 });
    expect(translationRetryDelays()).toEqual([350, 700, 1400, 2800, 5600]);
    expect(translationRetryDelays(0)).toEqual([]);
  });

  it('buildI18nOptions passes them to i18next with the gateway load path', () => {
    const options = buildI18nOptions('ro');
    expect(options).toMatchObject({
      lng: 'ro',
      fallbackLng: 'en',
      defaultNS: 'common',
      maxParallelReads: 10,
      maxRetries: 5,
      retryTimeout: 350,
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
    });
  });
});

/** A backend whose reads are recorded; `answer` decides how each read ends. */
function recordingBackend(answer: (lng: string, ns: string, callback: ReadCallback) => void) {
  const reads: Array<{ lng: string; ns: string; at: number }> = [];
  const backend: BackendModule = {
    type: 'backend',
    init() {},
    read(lng, ns, callback) {
      reads.push({ lng, ns, at: Date.now() });
      answer(lng, ns, callback);
    },
  };
  (backend as unknown as { callbackApi: boolean }).callbackApi = true;
  return { backend, reads };
}

describe('i18next with these options', () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  it('retries a failing read 5 times, waiting 350 ms then doubling', async () => {
    // `true` as data marks the failure retriable, as i18next-http-backend does for network errors and 5xx.
    const { backend, reads } = recordingBackend((_lng, _ns, callback) =>
      callback(new Error('offline'), true),
    );
    const instance = i18next.createInstance();
    void instance.use(backend).init({ ...buildI18nOptions('ro'), fallbackLng: false });
    await jest.advanceTimersByTimeAsync(20_000);

    const times = reads.filter((r) => r.lng === 'ro').map((r) => r.at);
    expect(times).toEqual([0, 350, 1050, 2450, 5250, 10850]);
  });

  it('never has more than 10 reads in flight', async () => {
    const pending: ReadCallback[] = [];
    const { backend, reads } = recordingBackend((_lng, _ns, callback) => pending.push(callback));
    const instance = i18next.createInstance();
    const namespaces = Array.from({ length: 15 }, (_, i) => `ns${i}`);
    void instance.use(backend).init({ ...buildI18nOptions('ro'), fallbackLng: false, ns: namespaces });
    await jest.advanceTimersByTimeAsync(10);
    expect(reads).toHaveLength(10);

    pending.shift()?.(null, {});
    await jest.advanceTimersByTimeAsync(10);
    expect(reads).toHaveLength(11);
  });
});
