import { readdirSync, readFileSync } from 'node:fs';

type Tree = { [key: string]: string | Tree };
const load = (lng: string): Tree =>
  JSON.parse(readFileSync(new URL(`../public/locales/${lng}/common.json`, import.meta.url), 'utf8')) as Tree;

const lookup = (tree: Tree, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree);

function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

describe('account pages and the layout', () => {
  const code = ['./features/auth/components/', './features/account/components/', './app/layout/']
    .flatMap((dir) => {
      const url = new URL(dir, import.meta.url);
      return readdirSync(url)
        .filter((name) => name.endsWith('.tsx'))
        .map((name) => readFileSync(new URL(name, url), 'utf8'));
    })
    .join('\n');
  const keys = [...new Set([...code.matchAll(/\bt\(\s*'([^']+)'/g)].map((match) => match[1]))];

  it('finds the keys the pages use', () => expect(keys.length).toBeGreaterThan(40));

  it.each(['ro', 'en'])('%s has every text they use', (lng) => {
    const tree = load(lng);
    expect(keys.filter((key) => typeof lookup(tree, key) !== 'string')).toEqual([]);
  });

  it.each(['ro', 'en'])('%s names every role on /account, both languages and what a deletion does to subscriptions', (lng) => {
    const tree = load(lng);
    const named = [
      ...['ADMIN', 'PARENT', 'THERAPIST', 'COORDINATOR'].map((role) => `account.roles.${role}`),
      ...['ro', 'en'].map((language) => `language.${language}Name`),
      // The account's deletion: `account.deletion.subscriptions.${subscriptionsOutcome(…).kind}`.
      ...['unknown', 'none', 'cancelled'].map((kind) => `account.deletion.subscriptions.${kind}`),
    ];
    expect(named.filter((key) => typeof lookup(tree, key) !== 'string')).toEqual([]);
  });
});

describe("Highcharts' texts (chart)", () => {
  /** Highcharts' own placeholders: `{title}`, `{names[0]}`, `{#each names}`… (not i18next's `{{…}}`). */
  const placeholders = (text: string) => [...text.matchAll(/\{[^{}]+\}/g)].map((match) => match[0]).filter((p) => !/^\{#(eq|each|unless|if)|^\{\/|^\{else\}$|^\{this\}$/.test(p));

  it('say in Romanian what Highcharts would say in English, with the same data in them', () => {
    const ro = Object.fromEntries(leaves(lookup(load('ro'), 'chart') as Tree));
    const en = Object.fromEntries(leaves(lookup(load('en'), 'chart') as Tree));
    expect(Object.keys(ro).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(ro)).toEqual(expect.arrayContaining(['accessibility.chartTypes.columnSingle', 'accessibility.axis.rangeFromTo']));
    for (const key of Object.keys(en)) {
      expect([key, placeholders(ro[key]).sort()]).toEqual([key, placeholders(en[key]).sort()]);
      expect([key, ro[key] === en[key] && /[a-z]{4}/i.test(en[key].replace(/\{[^}]*\}/g, ''))]).toEqual([key, false]);
    }
  });
});
