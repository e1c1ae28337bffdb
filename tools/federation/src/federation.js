// Build-time Module Federation settings shared by the shell and every remote (imported by their
// rsbuild.config.ts as `@aba/federation-build`). One list, so all builds agree on what is shared.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Modules that must exist once per page: the shell provides them (at run time, see `pluginFederationHost`),
 * remotes use the shell's copy (`import: false` is NOT set: each remote keeps a fallback so it also runs
 * standalone).
 *
 * A shared module is not tree-shaken (the provider cannot know what a consumer will use), so this list is
 * kept to what cannot be had otherwise (ADR 0005, ADR 0010):
 * - React and react-dom: one renderer per page.
 * - `@aba/web-kit`: the one store, i18next instance and remote loader, AND the only way the router, the
 *   translation hook and Redux reach an app (see `WEB_KIT_ONLY`). Those packages are not shared themselves:
 *   inside web-kit they are bundled like any dependency, tree-shaken to what web-kit uses and re-exports, and
 *   because everyone uses web-kit's copy there is still one router context, one react-i18next binding and one
 *   react-redux context per page.
 * - Fluent UI: the `@fluentui/react-components` barrel is NOT shared (that would ship all of Fluent, ~313 KB
 *   gzip, on the first page). Each build bundles (tree-shaken) the components it uses; only the packages
 *   holding page-wide state are singletons: theme, provider, portal mount node, tooltip visibility
 *   (`react-shared-contexts`), Griffel's renderer and text direction (`@griffel/react`, `@griffel/core`), so a
 *   remote's Fluent components render with the shell's FluentProvider theme and one style sheet.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  '@fluentui/react-shared-contexts',
  '@griffel/react',
  '@griffel/core',
  '@aba/web-kit',
];

/**
 * Shared, but not singletons: every build has the same copy unless the sources differ, so the version is the
 * content's (`<package version>-c<hash of its built files>`) and a remote uses the shell's copy only when it is
 * exactly its own. `@aba/contracts/api`: the shell's child frame and every child page need its constants and
 * rules, whose module also builds the zod schemas (~30 KB gzip with zod): once per page instead of twice.
 */
export const SHARED_BY_CONTENT = ['@aba/contracts/api'];

/**
 * Packages an app (shell, remote) must take from `@aba/web-kit`, never import itself: they hold React contexts
 * or module state that must be the page's one copy, and they are not Module Federation shares, so a direct
 * import would bundle a second copy into the importing build (a remote's `<Routes>` outside the shell's
 * router, a `useTranslation` without the i18next instance). `pluginWebKitOnlyImports()` fails the build on one.
 * Type-only imports are fine (they are erased).
 */
export const WEB_KIT_ONLY = ['react-router', 'react-redux', 'react-i18next', 'i18next', '@reduxjs/toolkit'];

const webKitOnlyRequest = new RegExp(
  `^(${WEB_KIT_ONLY.map((name) => name.replace(/[/.]/g, '\\$&')).join('|')})(/|$)`,
);

/** True when `issuer` (an absolute file path) is app code: not a dependency and not web-kit itself. */
function isAppModule(issuer) {
  const path = issuer.replace(/\\/g, '/');
  return path !== '' && !path.includes('/node_modules/') && !path.includes('/libs/web-kit/');
}

/**
 * Rsbuild plugin: the build fails when app code imports one of `WEB_KIT_ONLY` at run time (a runtime import is
 * what would bundle a second copy; `import type` never reaches the bundler).
 */
export function pluginWebKitOnlyImports() {
  const name = 'aba:web-kit-only-imports';
  return {
    name,
    setup(api) {
      api.modifyRspackConfig((config) => {
        config.plugins = [
          ...(config.plugins ?? []),
          {
            apply(compiler) {
              compiler.hooks.normalModuleFactory.tap(name, (factory) => {
                factory.hooks.beforeResolve.tap(name, (data) => {
                  const issuer = data.contextInfo?.issuer ?? '';
                  if (isAppModule(issuer) && webKitOnlyRequest.test(data.request)) {
                    throw new Error(
                      `${issuer} imports '${data.request}': import it from '@aba/web-kit' instead ` +
                        `(${WEB_KIT_ONLY.join(', ')} must be the page's one copy; see @aba/federation-build).`,
                    );
                  }
                });
              });
            },
          },
        ];
      });
    },
  };
}

const toolDir = dirname(fileURLToPath(import.meta.url));

/** `@scope/name` or `name` of a share name (`react/jsx-runtime` → `react`). */
function packageNameOf(name) {
  return name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
}

/** Directory and package.json of the package holding `name`, resolved from `fromDir`. */
function findPackage(name, fromDir) {
  const packageName = packageNameOf(name);
  const require = createRequire(join(fromDir, 'package.json'));
  // The module's file, then up to its package.json (not every package exports `./package.json`).
  let dir = dirname(require.resolve(name));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      if (manifest.name === packageName) return { dir, manifest };
    } catch {
      // no package.json here: keep going up
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json of ${packageName} above ${fromDir}`);
    dir = parent;
  }
}

/** Every file under `dir` (sorted, relative paths), skipping node_modules. */
function filesUnder(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules')
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? filesUnder(dir, path) : [path];
    });
}

/** `<version>-c<hash>` of a `SHARED_BY_CONTENT` module: the hash of its package's built files (`dist/`). */
function contentVersion(name) {
  const { dir, manifest } = findPackage(name, toolDir);
  const dist = join(dir, 'dist');
  const hash = createHash('sha256');
  for (const file of filesUnder(dist)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(dist, file)));
  }
  return `${manifest.version}-c${hash.digest('hex').slice(0, 16)}`;
}

/** `shared` option of `pluginModuleFederation`. */
export function sharedDependencies() {
  return {
    ...Object.fromEntries(SHARED_SINGLETONS.map((name) => [name, { singleton: true }])),
    ...Object.fromEntries(
      SHARED_BY_CONTENT.map((name) => {
        const version = contentVersion(name);
        return [name, { singleton: false, version, requiredVersion: version }];
      }),
    ),
  };
}

/**
 * Federation options of every remote's build. `runtime` says where its Module Federation runtime comes from:
 * - `'external'` (a remote without a page of its own): the shell's (ADR 0010), so opening one of its routes does
 *   not fetch a second copy (~18 KB gzip). Such a remote runs only inside the shell;
 * - `'own'` (a remote that is also a standalone page, mfe-admin): bundled in its own entry.
 */
export function commonFederationOptions({ runtime = 'own' } = {}) {
  return {
    shared: sharedDependencies(),
    // With the default ('version-first') the runtime fetches every remote's entry at start-up to compare
    // versions, so one dead remote blanks the whole shell. 'loaded-first' uses what is already loaded.
    shareStrategy: 'loaded-first',
    // Remote types are not downloaded (the shell treats every `./routes` module alike).
    dts: false,
    manifest: true,
    experiments: {
      // Browser-only builds: leaves the Node script loader out of the federation runtime.
      optimization: { target: 'web' },
      ...(runtime === 'external' ? { externalRuntime: true } : {}),
    },
  };
}

/**
 * Rsbuild plugin of the shell (the host). The shell is NOT a federation build: its own pages need no federation
 * runtime, which loads (the shell's `src/app/federation-host.ts`, handed to `setFederationHost` of
 * @aba/web-kit) only when a remote route opens, and then registers the shell's copies of `SHARED_SINGLETONS` and
 * `SHARED_BY_CONTENT`. This records their versions for it (`__ABA_SHARED_VERSIONS__`: installed versions, content
 * versions), so the remotes' requirements are checked against what the shell really ships.
 */
export function pluginFederationHost() {
  return {
    name: 'aba:federation-host',
    setup(api) {
      api.modifyRsbuildConfig((config, { mergeRsbuildConfig }) => {
        const root = api.context.rootPath;
        const versions = {
          ...Object.fromEntries(
            SHARED_SINGLETONS.map((name) => [name, findPackage(name, root).manifest.version]),
          ),
          ...Object.fromEntries(SHARED_BY_CONTENT.map((name) => [name, contentVersion(name)])),
        };
        return mergeRsbuildConfig(config, {
          source: {
            define: {
              __ABA_SHARED_VERSIONS__: JSON.stringify(versions),
              // What the federation plugin's `optimization.target: 'web'` sets in the remotes: leaves the Node
              // script loader out of the runtime.
              ENV_TARGET: JSON.stringify('web'),
            },
          },
        });
      });
    },
  };
}

/** Spec §9: a lazily loaded chunk may take up to 120 s. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * The whole Rsbuild config of a remote without a page of its own: it exposes `./routes`, its chunks resolve
 * relative to its manifest (so it can be served from /remotes/<name>/ or any other host), it emits no HTML, and
 * it uses the shell's federation runtime.
 * `plugins` are the caller's (pluginReact, pluginModuleFederation), passed in so this file needs no build tools.
 */
export function remoteRsbuildConfig({ name, devPort, pluginReact, pluginModuleFederation }) {
  return {
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name,
        exposes: { './routes': './src/routes.tsx' },
        ...commonFederationOptions({ runtime: 'external' }),
      }),
      pluginWebKitOnlyImports(),
    ],
    source: { entry: {} },
    output: { assetPrefix: 'auto', cleanDistPath: true },
    server: { port: devPort },
    tools: { htmlPlugin: false, rspack: { output: { chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS } } },
  };
}
