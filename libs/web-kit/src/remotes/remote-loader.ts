import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { parseRemotesConfig, splitRemoteRequest, type RemotesConfig } from './remotes-config.js';

/** Where the gateway serves the remote locations (from its configuration, not from any build). */
export const REMOTES_CONFIG_URL = '/remotes.json';

export class RemoteLoadError extends Error {
  constructor(
    readonly remote: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'RemoteLoadError';
  }
}

let configuration: Promise<RemotesConfig> | null = null;
/** Remotes whose last load failed: they are registered afresh (caches dropped) before the next attempt. */
const failedRemotes = new Set<string>();

async function fetchRemotesConfig(): Promise<RemotesConfig> {
  const response = await fetch(REMOTES_CONFIG_URL, {
    headers: { Accept: 'application/json' },
    cache: 'no-cache',
  });
  if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered ${response.status}`);
  const remotes = parseRemotesConfig(await response.json(), window.location.href);
  // Copies: the runtime normalizes the objects it is given.
  registerRemotes(Object.values(remotes).map((remote) => ({ ...remote })));
  return remotes;
}

/**
 * Fetches `/remotes.json` once and registers every remote it lists with the Module Federation runtime.
 * A failed fetch is forgotten, so the next call (e.g. a Retry) tries again.
 */
export function loadRemotesConfig(): Promise<RemotesConfig> {
  if (!configuration) {
    configuration = fetchRemotesConfig().catch((error: unknown) => {
      configuration = null;
      throw error;
    });
  }
  return configuration;
}

/**
 * Loads an exposed module of a remote, e.g. `loadRemoteModule('plans/routes')`. The first call fetches
 * `/remotes.json`; the remote's manifest and chunks load only now, when something asks for them.
 * After a failure the next call starts over (manifest and entry are fetched again), which is what a
 * Retry button needs.
 */
export async function loadRemoteModule<T>(request: string): Promise<T> {
  const { remote } = splitRemoteRequest(request);
  let remotes: RemotesConfig;
  try {
    remotes = await loadRemotesConfig();
  } catch (cause) {
    throw new RemoteLoadError(remote, `Could not read ${REMOTES_CONFIG_URL}`, { cause });
  }
  const location = remotes[remote];
  if (!location)
    throw new RemoteLoadError(remote, `Remote "${remote}" is not listed in ${REMOTES_CONFIG_URL}`);

  if (failedRemotes.has(remote)) {
    // Drops the runtime's cached manifest, entry and module of this remote so they are fetched again.
    registerRemotes([{ ...location }], { force: true });
    failedRemotes.delete(remote);
  }
  try {
    const module = await loadRemote<T>(request);
    if (module == null) throw new Error(`"${request}" resolved to nothing`);
    return module;
  } catch (cause) {
    failedRemotes.add(remote);
    throw new RemoteLoadError(remote, `Could not load "${request}"`, { cause });
  }
}
