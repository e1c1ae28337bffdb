/**
 * What the service worker keeps of the remotes so their pages open with no network: each remote's manifest names
 * its entry and every chunk its exposed modules and its shared modules may load. Pure, so it is tested without a
 * worker.
 */

interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}

/** The parts of a Module Federation `mf-manifest.json` that name files. */
export interface RemoteManifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ assets?: ManifestAssets }>;
  shared?: Array<{ singleton?: boolean; assets?: ManifestAssets }>;
}

/** The languages the app is translated into: each remote's texts are kept in both. */
export const LOCALES = ['ro', 'en'] as const;

function filesOf(assets: ManifestAssets | undefined): string[] {
  if (!assets) return [];
  return [assets.js, assets.css].flatMap((group) => [...(group?.sync ?? []), ...(group?.async ?? [])]);
}

/**
 * Absolute URLs of the files a remote's manifest (found at `manifestUrl`) names that its pages may load: its entry,
 * its exposed modules' chunks and its own copies of the shared modules that are not singletons (a singleton always
 * comes from the shell, so a remote's fallback copy of React or web-kit is never loaded). A manifest whose public
 * path is `auto` (the builds here) serves its files beside itself; another public path is their base.
 */
export function remoteAssetUrls(manifestUrl: string, manifest: RemoteManifest): string[] {
  const publicPath = manifest.metaData?.publicPath;
  const base = publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl).href : manifestUrl;
  const entry = manifest.metaData?.remoteEntry;
  const files = [
    ...(entry?.name ? [`${entry.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry.name}`] : []),
    ...(manifest.exposes ?? []).flatMap((expose) => filesOf(expose.assets)),
    ...(manifest.shared ?? [])
      .filter((shared) => !shared.singleton)
      .flatMap((shared) => filesOf(shared.assets)),
  ];
  return [...new Set(files.map((file) => new URL(file, base).href))];
}

/** The translation files of a remote (its namespace is its name: `/locales/ro/plans.json`). */
export function remoteLocaleUrls(origin: string, remoteName: string): string[] {
  return LOCALES.map((lng) => new URL(`/locales/${lng}/${encodeURIComponent(remoteName)}.json`, origin).href);
}

/** A build output whose name carries a content hash (`plans.c567231779.js`): it never changes, so a kept copy is good. */
export function isHashedAsset(pathname: string): boolean {
  return /\.[0-9a-f]{8,}\.(?:js|css)$/.test(pathname);
}
