import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { CHUNK_LOAD_TIMEOUT_MS, commonFederationOptions } from '@aba/web-kit/federation';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

/** Remote `billing`: the shell mounts `./routes` at /billing/. */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'billing',
      exposes: { './routes': './src/routes.tsx' },
      ...commonFederationOptions(),
    }),
  ],
  source: { entry: {} },
  output: {
    // Served from /remotes/billing/ (or any other host): chunks resolve relative to the manifest.
    assetPrefix: 'auto',
    cleanDistPath: true,
  },
  server: { port: 3003 },
  tools: {
    htmlPlugin: false,
    rspack: { output: { chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS } },
  },
});
