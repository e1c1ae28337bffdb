import { BillingMessages } from '@aba/contracts/api';
import { readFileSync } from 'node:fs';

type Tree = { [key: string]: string | Tree };
const load = (lng: string): Tree =>
  JSON.parse(readFileSync(new URL(`../public/locales/${lng}/admin.json`, import.meta.url), 'utf8')) as Tree;

function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

describe('admin locale files', () => {
  it('ro and en have the same keys and no empty text', () => {
    const ro = leaves(load('ro'));
    const en = leaves(load('en'));
    expect(ro.map(([key]) => key).sort()).toEqual(en.map(([key]) => key).sort());
    expect([...ro, ...en].filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it.each(['ro', 'en'])('%s translates every billing server message (subscription calls)', (lng) => {
    const errors = load(lng).errors as Record<string, string>;
    expect(Object.values(BillingMessages).filter((message) => typeof errors[message] !== 'string')).toEqual(
      [],
    );
  });

  it('keeps the interpolations of en in ro', () => {
    const en = new Map(leaves(load('en')));
    const vars = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    for (const [key, text] of leaves(load('ro')))
      expect([key, vars(text)]).toEqual([key, vars(en.get(key) ?? '')]);
  });

  it.each(['ro', 'en'])('%s names every subscription status', (lng) => {
    const statuses = ((load(lng).subscriptions as Tree).statuses ?? {}) as Tree;
    expect(Object.keys(statuses).sort()).toEqual(['active', 'canceled', 'paused']);
  });
});
