import {
  CHUNK_LOAD_TIMEOUT_MS,
  pluginFederationHost,
  pluginWebKitOnlyImports,
} from '@aba/federation-build';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

/**
 * The Module Federation host. It is not a federation build (ADR 0010): its own pages need no federation
 * runtime, so none is in its entry. When a remote route opens, @aba/web-kit loads the runtime, registers the
 * shell's shared singletons (`pluginFederationHost` records their versions), reads /remotes.json and registers
 * the remotes it lists (see `loadRemotesConfig`), so a remote can move or be redeployed without rebuilding the
 * shell. It declares no remotes at build time.
 */
export default defineConfig({
  plugins: [pluginReact(), pluginFederationHost(), pluginWebKitOnlyImports()],
  source: { entry: { index: './src/index.ts' } },
  html: { template: './index.html' },
  output: {
    // Served at / by the gateway with an SPA fallback: deep links need absolute asset URLs.
    assetPrefix: '/',
    cleanDistPath: true,
  },
  server: { port: 3000, historyApiFallback: true },
  tools: {
    rspack: { output: { chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS } },
  },
});
