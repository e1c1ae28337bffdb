/** Languages e-mails are written in: Romanian by default, English for whoever prefers it. */
export type MailLanguage = 'ro' | 'en';

interface Preference {
  tag: string;
  quality: number;
  position: number;
}

function preferences(header: string): Preference[] {
  return header
    .split(',')
    .slice(0, 50)
    .map((part, position) => {
      const [range, ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q\s*=(.*)$/i.exec(param)).find(Boolean);
      const quality = q ? Number(q[1].trim() || 'NaN') : 1;
      return {
        tag: range.trim().toLowerCase().split('-')[0],
        quality: Number.isFinite(quality) ? Math.min(Math.max(quality, 0), 1) : 0,
        position,
      };
    })
    .filter((preference) => preference.tag !== '' && preference.quality > 0);
}

/**
 * The language of a user's e-mails from the registration request's Accept-Language: 'en' when English is
 * preferred over Romanian (a higher weight, or listed first at the same weight), otherwise 'ro'.
 */
export function pickLanguage(acceptLanguage: string | string[] | undefined): MailLanguage {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (!header) return 'ro';
  const best = (tag: string) =>
    preferences(header)
      .filter((preference) => preference.tag === tag)
      .sort((a, b) => b.quality - a.quality || a.position - b.position)[0];
  const en = best('en');
  if (!en) return 'ro';
  const ro = best('ro');
  if (!ro) return 'en';
  return en.quality > ro.quality || (en.quality === ro.quality && en.position < ro.position) ? 'en' : 'ro';
}
