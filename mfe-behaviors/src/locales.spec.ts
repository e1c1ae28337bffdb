import { readFileSync } from 'node:fs';
import { BehaviorMessages } from '@aba/contracts/api';

type Tree = { [key: string]: string | Tree };
const load = (lng: string): Tree =>
  JSON.parse(
    readFileSync(new URL(`../public/locales/${lng}/behaviors.json`, import.meta.url), 'utf8'),
  ) as Tree;

function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

describe('behaviors locale files', () => {
  const ro = leaves(load('ro'));
  const en = leaves(load('en'));

  it('ro and en have the same keys and no empty text', () => {
    expect(ro.map(([key]) => key).sort()).toEqual(en.map(([key]) => key).sort());
    expect([...ro, ...en].filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('ro and en use the same placeholders in each text', () => {
    const enByKey = new Map(en);
    const mismatched = ro.filter(([key, text]) => placeholders(text).join() !== placeholders(enByKey.get(key) ?? '').join());
    expect(mismatched).toEqual([]);
  });

  it('translate every message the behaviour calls can answer', () => {
    const keys = new Set(ro.map(([key]) => key));
    const missing = Object.keys(BehaviorMessages).filter((key) => !keys.has(`serverErrors.${key}`));
    expect(missing).toEqual([]);
  });

  it("use the spec's wording for the ABC rule and the buttons in English", () => {
    const text = new Map(en);
    expect(text.get('abc.incomplete')).toBe(BehaviorMessages.abcIncomplete);
    expect(text.get('list.log')).toBe('Log behavior');
    expect(text.get('create.submit')).toBe('Create behavior');
    expect(text.get('abc.title')).toBe('Behavior ABC');
  });
});
