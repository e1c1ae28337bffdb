import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { CHUNK_LOAD_TIMEOUT_MS, commonFederationOptions } from '@aba/web-kit/federation';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

/**
 * The Module Federation host. It declares NO remotes at build time: at run time it reads
 * /remotes.json and registers them with the federation runtime (see `loadRemotesConfig` in
 * @aba/web-kit), so a remote can move or be redeployed without rebuilding the shell.
 */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'shell',
      remotes: {},
      ...commonFederationOptions(),
    }),
  ],
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
