/** The languages the lists are written in; Romanian is the product's default, English its fallback (spec §9). */
export type ListLanguage = 'ro' | 'en';
export const DEFAULT_LIST_LANGUAGE: ListLanguage = 'ro';
const SUPPORTED: readonly ListLanguage[] = ['ro', 'en'];

/**
 * The caller's language from an `Accept-Language` header: the supported language it prefers most (by q-value,
 * then by order; `en-GB` counts as `en`), Romanian when it names neither, is missing or unreadable.
 */
export function preferredListLanguage(header: string | string[] | undefined): ListLanguage {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return DEFAULT_LIST_LANGUAGE;
  const ranked = value
    .slice(0, 1000)
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q\s*=(.*)$/i.exec(param)).find(Boolean);
      const weight = q ? Number(q[1].trim() || 'x') : 1;
      return { language: tag.trim().toLowerCase().split('-')[0], weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  const found = ranked.find((entry) => (SUPPORTED as readonly string[]).includes(entry.language));
  return (found?.language as ListLanguage | undefined) ?? DEFAULT_LIST_LANGUAGE;
}
