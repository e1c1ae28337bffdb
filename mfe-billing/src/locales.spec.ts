import { BillingMessages } from '@aba/contracts/api';
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

/** The message the shell passes in navigation state when a child without a licence is opened (spec §4). */
const NO_LICENCE_MESSAGE = 'This child has no active licenses. Please add a license!';

describe('billing locale files', () => {
  it('ro and en have the same keys and no empty text', () => {
    const ro = leaves(load('ro'));
    const en = leaves(load('en'));
    expect(ro.map(([key]) => key).sort()).toEqual(en.map(([key]) => key).sort());
    expect([...ro, ...en].filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it.each(['ro', 'en'])('%s translates every billing server message and the no-licence message', (lng) => {
    const errors = load(lng).errors as Record<string, string>;
    const expected = [...new Set([...Object.values(BillingMessages), NO_LICENCE_MESSAGE])];
    expect(expected.filter((message) => typeof errors[message] !== 'string')).toEqual([]);
  });

  it('keeps the interpolations of en in ro', () => {
    const en = new Map(leaves(load('en')));
    const vars = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    for (const [key, text] of leaves(load('ro')))
      expect([key, vars(text)]).toEqual([key, vars(en.get(key) ?? '')]);
  });
});
