import i18next, { type i18n as I18n } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import {
  buildI18nOptions,
  isSupportedLanguage,
  LANGUAGE_STORAGE_KEY,
  resolveInitialLanguage,
  type Language,
} from './i18n-options.js';

/**
 * The one i18next instance of the page. `@aba/web-kit` is a Module Federation singleton, so the shell
 * and every remote see this same object; remotes only add their namespace
 * (`useTranslation('plans')` loads `/locales/{lng}/plans.json` on first use).
 */
export const i18n: I18n = i18next.createInstance();

let initialization: Promise<I18n> | null = null;

function readStoredLanguage(): string | null {
  try {
    return globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null; // storage disabled (privacy mode): fall back to the default
  }
}

function storeLanguage(lng: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}

function reflectLanguageInDocument(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

/**
 * Initializes the shared instance once (HTTP backend, React binding, stored or default language) and
 * resolves when the `common` namespace is loaded. Safe to call more than once.
 */
export function initI18n(): Promise<I18n> {
  if (!initialization) {
    const lng = resolveInitialLanguage(readStoredLanguage());
    i18n.use(HttpBackend).use(initReactI18next);
    i18n.on('languageChanged', reflectLanguageInDocument);
    reflectLanguageInDocument(lng);
    initialization = i18n.init(buildI18nOptions(lng)).then(() => i18n);
  }
  return initialization;
}

/** Switches the interface language, loads what the new language needs and remembers the choice. */
export async function changeLanguage(lng: Language): Promise<void> {
  if (!isSupportedLanguage(lng)) throw new Error(`Unsupported language "${String(lng)}"`);
  storeLanguage(lng);
  await i18n.changeLanguage(lng);
}

/** The current interface language (one of the supported ones). */
export function currentLanguage(): Language {
  return resolveInitialLanguage(i18n.resolvedLanguage ?? i18n.language);
}
