import { join } from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';
import { injectManifest } from 'workbox-build';

/**
 * Writes the shell's files (pages, chunks, styles, translations, manifest, icons) into the built `/sw.js` as the
 * list it precaches (`self.__WB_MANIFEST`), with a revision for each file whose name carries no hash. Runs after
 * both environments are built, so the list is the `web` build's and the worker is the `service-worker` build's.
 */
export function pluginServiceWorkerManifest(): RsbuildPlugin {
  return {
    name: 'aba:service-worker-manifest',
    setup(api) {
      api.onAfterBuild(async ({ isFirstCompile, environments }) => {
        const worker = environments['service-worker'];
        if (!isFirstCompile || !worker) return;
        const dist = worker.distPath;
        const sw = join(dist, 'sw.js');
        const { count, size, warnings } = await injectManifest({
          swSrc: sw,
          swDest: sw,
          globDirectory: dist,
          globPatterns: [
            'index.html',
            'manifest.webmanifest',
            'icons/*.png',
            'static/**/*.{js,css}',
            'locales/**/*.json',
          ],
          dontCacheBustURLsMatching: /\.[0-9a-f]{8,}\.(?:js|css)$/,
          maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        });
        for (const warning of warnings) api.logger.warn(warning);
        api.logger.info(`service worker: ${count} files precached (${(size / 1024).toFixed(0)} KB)`);
      });
    },
  };
}
