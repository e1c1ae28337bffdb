import { errorMessageOf, lookupServerError, translateServerError } from '@aba/web-kit';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * Translates a server error (RTK Query error, `{ error }` body or message) by its exact English text:
 * first through the `errors` map of this remote's namespace (the `BillingMessages` texts live in
 * `admin.json`), then through web-kit's shared `common:errors` (session, access, network, unknown).
 */
export function translateErrorIn(i18n: I18n, ns: string, error: unknown): string {
  const message = errorMessageOf(error);
  if (message !== undefined) {
    const languages = [i18n.resolvedLanguage, i18n.language, ...(i18n.languages ?? [])].filter(
      (lng): lng is string => typeof lng === 'string',
    );
    for (const lng of new Set(languages)) {
      const hit = lookupServerError(
        i18n.getResource(lng, ns, 'errors') as Record<string, unknown> | undefined,
        message,
      );
      if (hit) return hit;
    }
  }
  return translateServerError(i18n, error);
}

/** `(error) => text` in the `admin` namespace; re-renders the caller when the language changes. */
export function useAdminErrorTranslator(): (error: unknown) => string {
  const { i18n } = useTranslation('admin');
  return (error: unknown) => translateErrorIn(i18n, 'admin', error);
}
