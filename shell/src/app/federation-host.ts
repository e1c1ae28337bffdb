// The page's Module Federation host, created the first time a remote is needed (ADR 0010). The shell is not a
// federation build: its pages need no federation runtime, so /login and the other public pages never fetch it.
// This module (and the runtime it imports) loads only when a remote route opens (bootstrap hands it to
// `setFederationHost` of @aba/web-kit); it then registers the shell's own copies of the shared modules, so every
// remote renders with the shell's React, store, i18n and theme.
import * as sharedContexts from '@fluentui/react-shared-contexts';
import * as griffelCore from '@griffel/core';
import * as griffelReact from '@griffel/react';
import { createInstance, type ModuleFederation } from '@module-federation/enhanced/runtime';
import injectExternalRuntimeCore from '@module-federation/inject-external-runtime-core-plugin';
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as jsxRuntime from 'react/jsx-runtime';
import * as webKit from '@aba/web-kit';

/** Set by the shell's build (`pluginFederationHost` in @aba/federation-build): package → installed version. */
declare const __ABA_SHARED_VERSIONS__: Record<string, string> | undefined;

/**
 * The modules the shell provides, by share name: exactly `SHARED_SINGLETONS` and `SHARED_BY_CONTENT` of
 * @aba/federation-build (what every remote's build consumes). Each whole (`import * as`), as a remote may use
 * any export. Those the shell's pages already run are handed over as they are; the others are fetched only when a
 * remote first asks for them.
 */
const LOADED: Record<string, object> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': ReactDOM,
  '@fluentui/react-shared-contexts': sharedContexts,
  '@griffel/react': griffelReact,
  '@griffel/core': griffelCore,
  '@aba/web-kit': webKit,
};
const ON_DEMAND: Record<string, () => Promise<object>> = {
  '@aba/contracts/api': () => import('@aba/contracts/api'),
};
/** Not singletons: a remote takes the shell's copy only when it is exactly its own (same content version). */
const BY_CONTENT = new Set(['@aba/contracts/api']);

function sharedVersions(): Record<string, string> {
  return typeof __ABA_SHARED_VERSIONS__ === 'object' && __ABA_SHARED_VERSIONS__ !== null
    ? __ABA_SHARED_VERSIONS__
    : {};
}

/** The host instance: the shell's singletons in the share scope, the runtime offered to the remotes' entries. */
export function createFederationHost(): ModuleFederation {
  const versions = sharedVersions();
  // The build recorded a version for every name of the lists in @aba/federation-build: each must be provided here,
  // or remotes would quietly use copies of their own.
  const missing = Object.keys(versions).filter((name) => !(name in LOADED) && !(name in ON_DEMAND));
  if (missing.length > 0) throw new Error(`The federation host does not provide ${missing.join(', ')}`);
  const versionOf = (name: string): string => {
    const version = versions[name];
    if (!version)
      throw new Error(`The shell's build did not record the version of the shared module "${name}"`);
    return version;
  };
  const shareConfig = (name: string, version: string) =>
    BY_CONTENT.has(name)
      ? { singleton: false, requiredVersion: version }
      : { singleton: true, requiredVersion: `^${version}` };
  const shared = Object.fromEntries([
    ...Object.entries(LOADED).map(([name, module]) => {
      const version = versionOf(name);
      return [name, { version, lib: () => module, shareConfig: shareConfig(name, version) }];
    }),
    ...Object.entries(ON_DEMAND).map(([name, load]) => {
      const version = versionOf(name);
      return [
        name,
        {
          version,
          get: () => load().then((module) => () => module),
          shareConfig: shareConfig(name, version),
        },
      ];
    }),
  ]);
  return createInstance({
    name: 'shell',
    remotes: [],
    shared,
    // With the default ('version-first') the runtime would fetch every remote's entry to compare versions, so
    // one dead remote would break the others. 'loaded-first' uses what is already loaded: the shell's copies.
    shareStrategy: 'loaded-first',
    // The remotes are built with `externalRuntime` (they bring no runtime of their own): this puts the one
    // runtime on the page where their entries look for it.
    plugins: [injectExternalRuntimeCore()],
  });
}
