import { CHUNK_LOAD_TIMEOUT_MS, pluginFederationHost, pluginWebKitOnlyImports } from '@aba/federation-build';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginServiceWorkerManifest } from './service-worker.build.js';

/**
 * The Module Federation host. It is not a federation build (ADR 0010): its own pages need no federation
 * runtime, so none is in its entry. When a remote route opens, @aba/web-kit loads the runtime, registers the
 * shell's shared singletons (`pluginFederationHost` records their versions), reads /remotes.json and registers
 * the remotes it lists (see `loadRemotesConfig`), so a remote can move or be redeployed without rebuilding the
 * shell. It declares no remotes at build time.
 *
 * Two environments write to `dist/`: `web` (the app) and `service-worker` (`/sw.js`, ADR 0039), whose file list is
 * written in after both are built.
 */
export default defineConfig({
  plugins: [pluginServiceWorkerManifest()],
  output: {
    // Served at / by the gateway with an SPA fallback: deep links need absolute asset URLs.
    assetPrefix: '/',
  },
  environments: {
    web: {
      plugins: [pluginReact(), pluginFederationHost(), pluginWebKitOnlyImports()],
      source: { entry: { index: './src/index.ts' } },
      html: { template: './index.html' },
      output: { cleanDistPath: true },
      tools: {
        rspack: { output: { chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS } },
      },
    },
    'service-worker': {
      source: { entry: { sw: './src/service-worker/index.ts' } },
      output: {
        target: 'web-worker',
        // Browsers look for updates of the worker at its one fixed address.
        filename: { js: '[name].js' },
        distPath: { js: '' },
        cleanDistPath: false,
      },
    },
  },
  server: { port: 3000, historyApiFallback: true },
});
