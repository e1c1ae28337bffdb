import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { remoteRsbuildConfig } from '@aba/federation-build';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

/** Remote `behaviors`: the shell mounts `./routes` at /child/:id/ (behaviors, behavior/:behaviorId). */
export default defineConfig(remoteRsbuildConfig({ name: 'behaviors', devPort: 3002, pluginReact, pluginModuleFederation }));
