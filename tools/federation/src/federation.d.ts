export declare const SHARED_SINGLETONS: readonly string[];
export declare const SHARED_BY_CONTENT: readonly string[];
export declare const WEB_KIT_ONLY: readonly string[];
export declare function pluginWebKitOnlyImports(): { name: string; setup(api: unknown): void };
export declare function pluginFederationHost(): { name: string; setup(api: unknown): void };
export declare function sharedDependencies(): Record<
  string,
  { singleton: boolean; version?: string; requiredVersion?: string }
>;
export declare function commonFederationOptions(options?: { runtime?: 'external' | 'own' }): {
  shared: ReturnType<typeof sharedDependencies>;
  shareStrategy: 'loaded-first';
  dts: false;
  manifest: true;
  experiments: { optimization: { target: 'web' }; externalRuntime?: true };
};
export declare const CHUNK_LOAD_TIMEOUT_MS: number;
export declare function remoteRsbuildConfig(options: {
  name: string;
  devPort: number;
  pluginReact: () => unknown;
  pluginModuleFederation: (options: Record<string, unknown>) => unknown;
}): Record<string, unknown>;
