import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { remoteRsbuildConfig } from '@aba/federation-build';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

/** Remote `plans`: the shell mounts `./routes` at /child/:id/ (dashboard, plan/*, sub-plan/*). */
export default defineConfig(remoteRsbuildConfig({ name: 'plans', devPort: 3001, pluginReact, pluginModuleFederation }));
