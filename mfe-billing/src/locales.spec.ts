import { readFileSync } from 'node:fs';

type Tree = { [key: string]: string | Tree };
const load = (lng: string): Tree =>
  JSON.parse(readFileSync(new URL(`../public/locales/${lng}/billing.json`, import.meta.url), 'utf8')) as Tree;

function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

describe('billing locale files', () => {
  it('ro and en have the same keys and no empty text', () => {
    const ro = leaves(load('ro'));
    const en = leaves(load('en'));
    expect(ro.map(([key]) => key).sort()).toEqual(en.map(([key]) => key).sort());
    expect([...ro, ...en].filter(([, text]) => text.trim() === '')).toEqual([]);
  });
});
