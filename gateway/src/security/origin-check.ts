/**
 * CSRF defence (ARCHITECTURE.md, "Identity, sessions, permissions"): a state-changing call must come from the
 * app's own origin, as told by Origin or, lacking one, by the origin of Referer. Lacking both, it is refused.
 */

/** Methods that never change state; every other method (POST, PUT, PATCH, DELETE, …) is checked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isStateChanging(method: string | undefined): boolean {
  return !SAFE_METHODS.has((method ?? 'GET').toUpperCase());
}

type HeaderValue = string | string[] | undefined;

const single = (value: HeaderValue): string | undefined => (Array.isArray(value) ? value[0] : value);

/** True when the request's Origin (or, lacking it, Referer's origin) is exactly `publicOrigin`. */
export function isSameOrigin(
  headers: { origin?: HeaderValue; referer?: HeaderValue },
  publicOrigin: string,
): boolean {
  const origin = single(headers.origin);
  if (origin !== undefined && origin !== '') {
    // Browsers serialise Origin as scheme://host[:port] with a lower-case host; "null" never matches.
    return origin.toLowerCase() === publicOrigin;
  }
  const referer = single(headers.referer);
  if (!referer) return false;
  try {
    return new URL(referer).origin === publicOrigin;
  } catch {
    return false;
  }
}
