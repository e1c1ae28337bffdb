import { isHashedAsset, remoteAssetUrls, remoteLocaleUrls } from './remote-assets.js';

const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'static/js/plans.c567231779.js', path: '' } },
  exposes: [
    {
      assets: {
        js: {
          sync: ['static/js/async/__federation_expose_routes.77bb5e0120.js'],
          async: ['static/js/async/0.10a569b954.js'],
        },
        css: { sync: [], async: ['static/css/async/a.1234567890.css'] },
      },
    },
  ],
  shared: [
    {
      singleton: false,
      assets: { js: { sync: ['static/js/async/4v.a137b39205.js'], async: [] }, css: { sync: [], async: [] } },
    },
    // The same chunk named by two shared modules is kept once.
    { singleton: false, assets: { js: { sync: ['static/js/async/4v.a137b39205.js'], async: [] } } },
    // A singleton (React, web-kit) always comes from the shell: the remote's own copy is never loaded.
    { singleton: true, assets: { js: { sync: ['static/js/async/b.1ed9a753ec.js'], async: [] } } },
  ],
};

describe('the files of a remote kept for offline use', () => {
  it('names the entry, the exposed chunks and the shared ones that are not singletons, beside the manifest, each once', () => {
    expect(remoteAssetUrls('http://app.test/remotes/plans/mf-manifest.json', manifest)).toEqual([
      'http://app.test/remotes/plans/static/js/plans.c567231779.js',
      'http://app.test/remotes/plans/static/js/async/__federation_expose_routes.77bb5e0120.js',
      'http://app.test/remotes/plans/static/js/async/0.10a569b954.js',
      'http://app.test/remotes/plans/static/css/async/a.1234567890.css',
      'http://app.test/remotes/plans/static/js/async/4v.a137b39205.js',
    ]);
  });

  it('reads the files from the public path a manifest names, and from a remote on another host', () => {
    const elsewhere = {
      ...manifest,
      metaData: { ...manifest.metaData, publicPath: 'https://cdn.test/plans/v2/' },
    };
    expect(remoteAssetUrls('https://remotes.test/plans/mf-manifest.json', elsewhere)[0]).toBe(
      'https://cdn.test/plans/v2/static/js/plans.c567231779.js',
    );
    expect(remoteAssetUrls('https://remotes.test/plans/mf-manifest.json', manifest)[0]).toBe(
      'https://remotes.test/plans/static/js/plans.c567231779.js',
    );
  });

  it('is empty for a manifest that names nothing', () => {
    expect(remoteAssetUrls('http://app.test/remotes/x/mf-manifest.json', {})).toEqual([]);
  });

  it('keeps the remote’s texts in both languages', () => {
    expect(remoteLocaleUrls('http://app.test', 'plans')).toEqual([
      'http://app.test/locales/ro/plans.json',
      'http://app.test/locales/en/plans.json',
    ]);
  });

  it('trusts a kept copy only of files whose name carries their content hash', () => {
    expect(isHashedAsset('/remotes/plans/static/js/plans.c567231779.js')).toBe(true);
    expect(isHashedAsset('/static/css/index.0a1b2c3d4e.css')).toBe(true);
    expect(isHashedAsset('/remotes/plans/mf-manifest.json')).toBe(false);
    expect(isHashedAsset('/sw.js')).toBe(false);
  });
});
