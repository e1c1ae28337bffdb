export declare const SHARED_SINGLETONS: readonly string[];
export declare function sharedDependencies(): Record<string, { singleton: true }>;
export declare function commonFederationOptions(): {
  shared: Record<string, { singleton: true }>;
  shareStrategy: 'loaded-first';
  dts: false;
  manifest: true;
  experiments: { optimization: { target: 'web' } };
};
export declare const CHUNK_LOAD_TIMEOUT_MS: number;
export declare function remoteRsbuildConfig(options: {
  name: string;
  devPort: number;
  pluginReact: () => unknown;
  pluginModuleFederation: (options: Record<string, unknown>) => unknown;
}): Record<string, unknown>;
