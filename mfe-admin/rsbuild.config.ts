import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  commonFederationOptions,
  pluginWebKitOnlyImports,
} from '@aba/federation-build';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

/**
 * Remote `admin`: the shell mounts `./routes` at /admin/ (ADMIN role). The same build also emits a
 * standalone admin portal (`index.html` + the `index` entry) that mounts those routes with the shared
 * providers of @aba/web-kit.
 */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'admin',
      exposes: { './routes': './src/routes.tsx' },
      // Its own federation runtime: the standalone portal has no shell to take one from.
      ...commonFederationOptions({ runtime: 'own' }),
    }),
    pluginWebKitOnlyImports(),
  ],
  source: { entry: { index: './src/index.ts' } },
  html: { template: './index.html' },
  output: {
    // Served from /remotes/admin/ (or any other host): chunks resolve relative to the manifest.
    assetPrefix: 'auto',
    cleanDistPath: true,
  },
  server: { port: 3004, historyApiFallback: true },
  tools: {
    rspack: { output: { chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS } },
  },
});
