/**
 * i18n settings shared by every front end (spec §9). Pure: no backend, no DOM, so tests can use it.
 */
import type { InitOptions } from 'i18next';

export const SUPPORTED_LANGUAGES = ['ro', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** The interface is Romanian first … */
export const DEFAULT_LANGUAGE: Language = 'ro';
/** … with English for any key a Romanian file lacks. */
export const FALLBACK_LANGUAGE: Language = 'en';

/** localStorage key holding the language the user picked. */
export const LANGUAGE_STORAGE_KEY = 'aba.language';

/** Served by the gateway from each project's `dist/locales/{lng}/{ns}.json`. */
export const LOCALES_LOAD_PATH = '/locales/{{lng}}/{{ns}}.json';

/** The shell's namespace; each remote has its own (`plans`, `behaviors`, `billing`, `admin`). */
export const COMMON_NAMESPACE = 'common';

/**
 * Translation loading (spec §9): at most 10 files in flight, up to 5 retries of a failed read, the first
 * after 350 ms and each further one after twice the previous wait (350, 700, 1400, 2800, 5600 ms).
 * i18next's backend connector implements the retry; i18next-http-backend flags network errors and 5xx
 * answers as retriable (a 4xx, e.g. a missing file, is not retried).
 */
export const TRANSLATION_LOADING = { maxParallelReads: 10, maxRetries: 5, retryTimeout: 350 } as const;

/** The waits i18next applies between retries with {@link TRANSLATION_LOADING}. */
export function translationRetryDelays(
  maxRetries: number = TRANSLATION_LOADING.maxRetries,
  firstDelay: number = TRANSLATION_LOADING.retryTimeout,
): number[] {
  return Array.from({ length: Math.max(0, maxRetries) }, (_, attempt) => firstDelay * 2 ** attempt);
}

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** The language to start with: the stored choice when it is supported, else Romanian. */
export function resolveInitialLanguage(stored: string | null | undefined): Language {
  const normalized = stored?.trim().toLowerCase().split(/[-_]/)[0];
  return isSupportedLanguage(normalized) ? normalized : DEFAULT_LANGUAGE;
}

/** i18next init options (minus the backend plugin, which the caller adds). */
export function buildI18nOptions(lng: Language): InitOptions {
  return {
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES,
    load: 'languageOnly',
    ns: [COMMON_NAMESPACE],
    defaultNS: COMMON_NAMESPACE,
    fallbackNS: false,
    ...TRANSLATION_LOADING,
    backend: { loadPath: LOCALES_LOAD_PATH },
    // React escapes output already.
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  };
}
