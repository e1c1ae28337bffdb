import { join } from 'node:path';

/**
 * Pure rules for the static side of the gateway: where each front end's build lives, which request paths are
 * acceptable, and how long browsers may cache what.
 */

/** `<webRoot>/shell/dist` */
export const shellDist = (webRoot: string) => join(webRoot, 'shell', 'dist');

/** `<webRoot>/mfe-<name>/dist` */
export const remoteDist = (webRoot: string, name: string) => join(webRoot, `mfe-${name}`, 'dist');

const LOCALE_PART = /^[A-Za-z0-9-]{1,64}$/;

/** `lng` and `ns` of `/locales/{lng}/{ns}.json`: letters, digits and dashes only, so never a path of their own. */
export function isValidLocalePart(value: string): boolean {
  return LOCALE_PART.test(value);
}

/** The `{ns}` of a `{ns}.json` file name, or null when it is not one. */
export function localeNamespace(fileName: string): string | null {
  if (!fileName.endsWith('.json')) return null;
  const ns = fileName.slice(0, -'.json'.length);
  return isValidLocalePart(ns) ? ns : null;
}

/** The relative path of `locales/{lng}/{ns}.json`, or null for anything that is not a well-formed locale file. */
export function localeFilePath(lng: string, fileName: string): string | null {
  const ns = localeNamespace(fileName);
  if (ns === null || !isValidLocalePart(lng)) return null;
  return `locales/${lng}/${ns}.json`;
}

/**
 * A URL path (still percent-encoded, after the route's prefix) as a relative file path, or null when it could
 * leave its directory or name a hidden file: `..` segments, NUL bytes, backslashes, a leading slash, bad encoding.
 */
export function safeRelativePath(encoded: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    return null;
  }
  if (decoded === '' || decoded.startsWith('/') || decoded.includes('\\') || decoded.includes('\0'))
    return null;
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.' || segment === '..' || segment.startsWith('.')) return null;
  }
  return decoded;
}

/** True when the last segment of a path has a file extension (`/static/js/a.js`), false for routes (`/child/3`). */
export function hasFileExtension(path: string): boolean {
  const last = path.slice(path.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]+$/.test(last);
}

/** A build output whose name carries a content hash (`index.3ab2f1c9.js`, `a.3ab2f1c9.js.LICENSE.txt`). */
export function isHashedAsset(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return !name.endsWith('.html') && /[.-][0-9a-f]{8,}\.[A-Za-z0-9.]+$/i.test(name);
}

export type CachePolicy = 'immutable' | 'no-cache';

/**
 * Hashed assets never change under their name: cached for a year, immutable. Everything else — index.html,
 * mf-manifest.json, remoteEntry.js, locales — is revalidated on every use (`no-cache`, with ETag).
 */
export function cachePolicy(path: string): CachePolicy {
  return isHashedAsset(path) ? 'immutable' : 'no-cache';
}

/** Whether a request would take an HTML page (browsers navigating do; API clients asking for JSON do not). */
export function acceptsHtml(accept: string | undefined): boolean {
  if (!accept) return true;
  return /(^|,)\s*(text\/html|text\/\*|\*\/\*)\s*(;|,|$)/i.test(accept);
}
