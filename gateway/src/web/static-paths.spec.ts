import {
  acceptsHtml,
  cachePolicy,
  hasFileExtension,
  isValidLocalePart,
  localeFilePath,
  remoteDist,
  safeRelativePath,
  shellDist,
} from './static-paths.js';

describe('locale paths', () => {
  it.each(['ro', 'en', 'en-US', 'common', 'plans', 'zh-Hant-TW', 'x1'])('accepts %s', (part) => {
    expect(isValidLocalePart(part)).toBe(true);
  });
  it.each(['', '..', '.', 'en_US', 'en/US', 'en%2F', 'ro.json', 'a b', '../ro', 'ro\0', 'x'.repeat(65)])(
    'refuses %j',
    (part) => {
      expect(isValidLocalePart(part)).toBe(false);
    },
  );

  it('maps {lng}/{ns}.json to a relative file', () => {
    expect(localeFilePath('ro', 'common.json')).toBe('locales/ro/common.json');
    expect(localeFilePath('en-US', 'plans.json')).toBe('locales/en-US/plans.json');
  });
  it.each([
    ['ro', 'common'],
    ['ro', 'common.js'],
    ['ro', '.json'],
    ['ro', '../common.json'],
    ['ro', '..%2Fcommon.json'],
    ['..', 'common.json'],
    ['ro/..', 'common.json'],
    ['ro', 'common.json.json'],
  ])('refuses lng=%j ns file=%j', (lng, file) => {
    expect(localeFilePath(lng, file)).toBeNull();
  });
});

describe('safe relative paths', () => {
  it.each([
    ['static/js/main.1a2b3c4d.js', 'static/js/main.1a2b3c4d.js'],
    ['mf-manifest.json', 'mf-manifest.json'],
    ['static/media/a%20b.png', 'static/media/a b.png'],
  ])('%s → %s', (encoded, decoded) => {
    expect(safeRelativePath(encoded)).toBe(decoded);
  });
  it.each([
    '../secret',
    'static/../../secret',
    '%2e%2e/secret',
    '..%2fsecret',
    '..%5csecret',
    'static\\..\\secret',
    '/etc/passwd',
    '%2fetc/passwd',
    'a//b',
    '.env',
    'static/.git/config',
    'a%00b',
    '%E0%A4%A',
    '',
  ])('refuses %j', (encoded) => {
    expect(safeRelativePath(encoded)).toBeNull();
  });
});

describe('static file rules', () => {
  it('finds the dists under WEB_ROOT', () => {
    expect(shellDist('/srv/app')).toBe('/srv/app/shell/dist');
    expect(remoteDist('/srv/app', 'plans')).toBe('/srv/app/mfe-plans/dist');
  });

  it('tells files from page routes', () => {
    expect(hasFileExtension('/static/js/main.1a2b3c4d.js')).toBe(true);
    expect(hasFileExtension('/favicon.ico')).toBe(true);
    expect(hasFileExtension('/')).toBe(false);
    expect(hasFileExtension('/child/3f1c2a9e-5b6d/plan/2')).toBe(false);
    expect(hasFileExtension('/v1.2/child')).toBe(false);
  });

  it('caches hashed assets for good and revalidates everything else', () => {
    expect(cachePolicy('static/js/main.1a2b3c4d.js')).toBe('immutable');
    expect(cachePolicy('static/js/async/src_pages_plan_tsx.9f8e7d6c.js')).toBe('immutable');
    expect(cachePolicy('static/css/index.0a1b2c3d.css')).toBe('immutable');
    expect(cachePolicy('static/js/lib-react.0a1b2c3d.js.LICENSE.txt')).toBe('immutable');
    expect(cachePolicy('index.html')).toBe('no-cache');
    expect(cachePolicy('index.1a2b3c4d.html')).toBe('no-cache');
    expect(cachePolicy('mf-manifest.json')).toBe('no-cache');
    expect(cachePolicy('remoteEntry.js')).toBe('no-cache');
    expect(cachePolicy('locales/ro/common.json')).toBe('no-cache');
    expect(cachePolicy('favicon.ico')).toBe('no-cache');
  });

  it('recognises clients that take HTML', () => {
    expect(acceptsHtml(undefined)).toBe(true);
    expect(acceptsHtml('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(true);
    expect(acceptsHtml('*/*')).toBe(true);
    expect(acceptsHtml('application/json')).toBe(false);
    expect(acceptsHtml('application/json, text/plain')).toBe(false);
    expect(acceptsHtml('image/avif,image/webp')).toBe(false);
  });
});
