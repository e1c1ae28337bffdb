import { useTranslation } from 'react-i18next';
import { changeLanguage } from './i18n.js';
import { resolveInitialLanguage, type Language } from './i18n-options.js';
import { translateServerError } from './server-errors.js';

/** The current language and a setter that loads, switches and remembers it; re-renders on change. */
export function useLanguage(): { language: Language; setLanguage: (lng: Language) => Promise<void> } {
  const { i18n } = useTranslation('common');
  return {
    language: resolveInitialLanguage(i18n.resolvedLanguage ?? i18n.language),
    setLanguage: changeLanguage,
  };
}

/**
 * `(error) => text`: translates a server error (RTK Query error, `{ error }` body or message) for display, through
 * the `errors` map of `ns` (a remote's namespace) first, then `common`.
 */
export function useServerErrorTranslator(ns?: string): (error: unknown) => string {
  // useTranslation re-renders the caller when the language changes, so the texts follow it.
  const { i18n } = useTranslation(ns ? [ns, 'common'] : 'common');
  return (error: unknown) => translateServerError(i18n, error, ns ? [ns] : []);
}
