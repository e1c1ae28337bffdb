// Build-time Module Federation settings shared by the shell and every remote (imported by their
// rsbuild.config.ts as `@aba/web-kit/federation`). One list, so all builds agree on the singletons.

/**
 * Modules that must exist once per page: the shell provides them, remotes use the shell's copy
 * (`import: false` is NOT set: each build keeps a fallback so a remote also runs standalone).
 *
 * Fluent UI: the `@fluentui/react-components` barrel is deliberately NOT shared. A shared module cannot
 * be tree-shaken, so sharing the barrel would ship all of Fluent (~313 KB gzip) on the first page.
 * Instead each build bundles (tree-shaken) the components it uses, and only the packages holding
 * page-wide React contexts and the style engine are singletons: theme, provider, portal mount node,
 * tooltip visibility (`react-shared-contexts`), Griffel's renderer and text direction
 * (`@griffel/react`, `@griffel/core`), so a remote's Fluent components render with the shell's
 * FluentProvider theme and one style sheet.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-router',
  'react-redux',
  '@reduxjs/toolkit',
  '@reduxjs/toolkit/query',
  '@reduxjs/toolkit/query/react',
  'i18next',
  'react-i18next',
  '@fluentui/react-shared-contexts',
  '@griffel/react',
  '@griffel/core',
  '@aba/web-kit',
];

/** `shared` option of `pluginModuleFederation`. */
export function sharedDependencies() {
  return Object.fromEntries(SHARED_SINGLETONS.map((name) => [name, { singleton: true }]));
}

/** Federation options every build uses (host and remotes). */
export function commonFederationOptions() {
  return {
    shared: sharedDependencies(),
    // With the default ('version-first') the runtime fetches every remote's entry at start-up to compare
    // versions, so one dead remote blanks the whole shell. 'loaded-first' uses what is already loaded.
    shareStrategy: 'loaded-first',
    // Remote types are not downloaded (the shell treats every `./routes` module alike).
    dts: false,
    manifest: true,
    // Browser-only builds: leaves the Node script loader out of the federation runtime.
    experiments: { optimization: { target: 'web' } },
  };
}

/** Spec §9: a lazily loaded chunk may take up to 120 s. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * The whole Rsbuild config of a remote without a page of its own: it exposes `./routes`, its chunks resolve
 * relative to its manifest (so it can be served from /remotes/<name>/ or any other host), and it emits no HTML.
 * `plugins` are the caller's (pluginReact, pluginModuleFederation), passed in so this file needs no build tools.
 */
export function remoteRsbuildConfig({ name, devPort, pluginReact, pluginModuleFederation }) {
  return {
    plugins: [
      pluginReact(),
      pluginModuleFederation({ name, exposes: { './routes': './src/routes.tsx' }, ...commonFederationOptions() }),
    ],
    source: { entry: {} },
    output: { assetPrefix: 'auto', cleanDistPath: true },
    server: { port: devPort },
    tools: { htmlPlugin: false, rspack: { output: { chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS } } },
  };
}
