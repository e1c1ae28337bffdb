import { readFileSync } from 'node:fs';
import { ErrorMessages } from '@aba/contracts/api';

type Tree = { [key: string]: string | Tree };
const load = (lng: string): Tree =>
  JSON.parse(readFileSync(new URL(`../public/locales/${lng}/common.json`, import.meta.url), 'utf8')) as Tree;

/** [path, text] of every string; paths joined with " > " (error keys contain dots). */
function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key} > `),
  );
}

describe('common locale files', () => {
  const ro = load('ro');
  const en = load('en');

  it('ro and en have the same keys and no empty text', () => {
    expect(
      leaves(ro)
        .map(([key]) => key)
        .sort(),
    ).toEqual(
      leaves(en)
        .map(([key]) => key)
        .sort(),
    );
    expect([...leaves(ro), ...leaves(en)].filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it.each([
    ['ro', ro],
    ['en', en],
  ])('%s translates every server error message of the contracts', (_lng, tree) => {
    const errors = tree.errors as Record<string, string>;
    const missing = Object.values(ErrorMessages).filter((message) => typeof errors[message] !== 'string');
    expect(missing).toEqual([]);
  });
});
