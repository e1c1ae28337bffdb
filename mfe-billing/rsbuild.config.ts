import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { remoteRsbuildConfig } from '@aba/federation-build';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

/** Remote `billing`: the shell mounts `./routes` at /billing/. */
export default defineConfig(remoteRsbuildConfig({ name: 'billing', devPort: 3003, pluginReact, pluginModuleFederation }));
