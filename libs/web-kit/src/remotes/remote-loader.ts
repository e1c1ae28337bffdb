import type { ModuleFederation } from '@module-federation/enhanced/runtime';
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

/** Creates the page's federation host: its runtime, with the shell's shared modules registered. */
export type FederationHostFactory = () => Promise<ModuleFederation>;

let createHost: FederationHostFactory | null = null;
let host: Promise<ModuleFederation> | null = null;

/**
 * Called once by the shell at start-up. The factory is run on first use, so the runtime and the shared-module
 * registration can be a chunk of their own, fetched only when a remote route opens (the public pages never need
 * them).
 */
export function setFederationHost(factory: FederationHostFactory): void {
  createHost = factory;
}

function federationHost(): Promise<ModuleFederation> {
  if (!host) {
    const factory = createHost;
    if (!factory)
      return Promise.reject(new Error('No federation host: the shell calls setFederationHost at start-up'));
    host = factory().catch((error: unknown) => {
      host = null;
      throw error;
    });
  }
  return host;
}

let configuration: Promise<RemotesConfig> | null = null;
/** Remotes whose last load failed: they are registered afresh (caches dropped) before the next attempt. */
const failedRemotes = new Set<string>();

async function fetchRemotesConfig(): Promise<RemotesConfig> {
  const federation = federationHost(); // fetched while /remotes.json is
  federation.catch(() => undefined); // (awaited below; a failure is reported there)
  const response = await fetch(REMOTES_CONFIG_URL, {
    headers: { Accept: 'application/json' },
    cache: 'no-cache',
  });
  if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered ${response.status}`);
  const remotes = parseRemotesConfig(await response.json(), window.location.href);
  // Copies: the runtime normalizes the objects it is given.
  (await federation).registerRemotes(Object.values(remotes).map((remote) => ({ ...remote })));
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

  try {
    const federation = await federationHost();
    if (failedRemotes.has(remote)) {
      // Drops the runtime's cached manifest, entry and module of this remote so they are fetched again.
      federation.registerRemotes([{ ...location }], { force: true });
      failedRemotes.delete(remote);
    }
    const module = await federation.loadRemote<T>(request);
    if (module == null) throw new Error(`"${request}" resolved to nothing`);
    return module;
  } catch (cause) {
    failedRemotes.add(remote);
    throw new RemoteLoadError(remote, `Could not load "${request}"`, { cause });
  }
}
