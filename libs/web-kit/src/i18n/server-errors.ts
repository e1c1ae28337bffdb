/**
 * Server errors arrive as fixed English texts (`{ "error": "Child does not exist" }`, see
 * `ErrorMessages` in `@aba/contracts/api`). The front end translates them by exact text through the
 * `errors` map of the `common` namespace:
 *   "errors": { "Child does not exist": "Copilul nu există", … }
 * The lookup is by exact text (not an i18next key path) because the texts contain dots, colons and
 * apostrophes that i18next would read as separators.
 */
import type { i18n as I18n } from 'i18next';

export type ErrorTranslations = Readonly<Record<string, unknown>>;

/** Key (in `common`) of the translation used when no message can be extracted at all. */
export const UNKNOWN_ERROR_KEY = 'errors.unknown';

/** The exact-text translation of `message` in `map`, if there is one. */
export function lookupServerError(
  map: ErrorTranslations | null | undefined,
  message: string,
): string | undefined {
  if (!map || typeof map !== 'object') return undefined;
  const hit = Object.prototype.hasOwnProperty.call(map, message) ? map[message] : undefined;
  return typeof hit === 'string' && hit !== '' ? hit : undefined;
}

/**
 * The message in whatever a failed call left behind: an RTK Query error (`{ status, data: { error } }`,
 * `{ status: 'FETCH_ERROR', error }`), a thrown `Error`, a `{ error }` body or a plain string.
 * Network-level failures map to the shared "network" message.
 */
export function errorMessageOf(error: unknown): string | undefined {
  if (error == null) return undefined;
  if (typeof error === 'string') return error;
  if (typeof error !== 'object') return undefined;
  const record = error as Record<string, unknown>;
  const data = record.data;
  if (data && typeof data === 'object' && typeof (data as Record<string, unknown>).error === 'string') {
    return (data as { error: string }).error;
  }
  if (record.status === 'FETCH_ERROR' || record.status === 'TIMEOUT_ERROR') return NETWORK_ERROR;
  if (typeof record.error === 'string' && typeof record.status !== 'string') return record.error;
  if (error instanceof Error) return error.message;
  return undefined;
}

/** Pseudo server message for "the request never got an answer"; translated like the real ones. */
export const NETWORK_ERROR = 'Network error';

/**
 * Translates a server error message into the current language (then the fallback language), looking first in the
 * `errors` map of each namespace of `namespaces` (a remote's own texts), then in `common`. An unknown message is
 * shown as the server sent it, a missing one as the generic "something went wrong".
 */
export function translateServerError(i18n: I18n, error: unknown, namespaces: readonly string[] = []): string {
  const message = errorMessageOf(error);
  if (message === undefined) return i18n.t(UNKNOWN_ERROR_KEY, { ns: 'common' });
  const languages = [i18n.resolvedLanguage, i18n.language, ...(i18n.languages ?? [])].filter(
    (lng): lng is string => typeof lng === 'string',
  );
  for (const ns of [...namespaces, 'common']) {
    for (const lng of new Set(languages)) {
      const hit = lookupServerError(
        i18n.getResource(lng, ns, 'errors') as ErrorTranslations | undefined,
        message,
      );
      if (hit) return hit;
    }
  }
  return message;
}
