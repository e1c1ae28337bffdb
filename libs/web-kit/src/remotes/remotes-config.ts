/**
 * Parsing of `/remotes.json`: `{ "<remote name>": "<mf-manifest.json URL>" }`.
 * Pure logic (no fetch, no DOM) so it can be unit-tested.
 */

/** A remote ready to hand to the Module Federation runtime (`registerRemotes`). */
export interface RemoteLocation {
  /** Container name, as the remote's build declares it (`plans`, `behaviors`, …). */
  name: string;
  /** Absolute URL of the remote's `mf-manifest.json`. */
  entry: string;
}

export type RemotesConfig = Readonly<Record<string, RemoteLocation>>;

export class RemotesConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemotesConfigError';
  }
}

/** Container names as Module Federation accepts them: a JS identifier-like name. */
const REMOTE_NAME = /^[A-Za-z_$][\w$-]*$/;

/**
 * Validates the JSON body of `/remotes.json` and resolves every location against `baseUrl`
 * (the page's origin), so relative values like `/remotes/plans/mf-manifest.json` and absolute URLs on
 * another host both work. Throws {@link RemotesConfigError} on anything malformed.
 */
export function parseRemotesConfig(json: unknown, baseUrl: string): RemotesConfig {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new RemotesConfigError('remotes.json must be a JSON object mapping remote names to manifest URLs');
  }
  const remotes: Record<string, RemoteLocation> = {};
  for (const [name, value] of Object.entries(json as Record<string, unknown>)) {
    if (!REMOTE_NAME.test(name)) throw new RemotesConfigError(`Invalid remote name "${name}"`);
    if (typeof value !== 'string' || value.trim() === '') {
      throw new RemotesConfigError(`Remote "${name}" must map to a non-empty URL string`);
    }
    let url: URL;
    try {
      url = new URL(value.trim(), baseUrl);
    } catch {
      throw new RemotesConfigError(`Remote "${name}" has an invalid URL "${value}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new RemotesConfigError(`Remote "${name}" must be served over http(s), got "${url.protocol}"`);
    }
    remotes[name] = { name, entry: url.href };
  }
  return remotes;
}

/** Splits `plans/routes` into the remote name and the exposed module (`./routes`). */
export function splitRemoteRequest(request: string): { remote: string; exposed: string } {
  const slash = request.indexOf('/');
  if (slash <= 0 || slash === request.length - 1) {
    throw new RemotesConfigError(`Remote request "${request}" must look like "<remote>/<module>"`);
  }
  return { remote: request.slice(0, slash), exposed: request.slice(slash + 1) };
}
