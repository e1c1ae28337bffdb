import { readFileSync } from 'node:fs';
import { ErrorMessages, IdentityMessages } from '@aba/contracts/api';

type Tree = { [key: string]: string | Tree | Array<string> };
const load = (lng: string, ns = 'common'): Tree =>
  JSON.parse(readFileSync(new URL(`../public/locales/${lng}/${ns}.json`, import.meta.url), 'utf8')) as Tree;

/** [path, text] of every string; paths joined with " > " (error keys contain dots); arrays by index. */
function leaves(tree: Tree | string[], prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value as Tree, `${prefix}${key} > `),
  );
}

describe.each(['common', 'terms'])('%s locale files', (ns) => {
  const ro = load('ro', ns);
  const en = load('en', ns);

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
});

describe('server error translations', () => {
  it.each(['ro', 'en'])('%s translates every server message of the contracts', (lng) => {
    const errors = load(lng).errors as Record<string, string>;
    const messages = [...Object.values(ErrorMessages), ...Object.values(IdentityMessages)];
    expect(messages.filter((message) => typeof errors[message] !== 'string')).toEqual([]);
  });
});

describe('terms (spec §2)', () => {
  it('the Romanian text covers what the spec lists', () => {
    const text = leaves(load('ro', 'terms'))
      .map(([, value]) => value)
      .join('\n');
    for (const required of ['cookie', '16 ani', 'ștergerea contului', 'sănătatea copilului', 'psihoterapeuți']) {
      expect(text).toContain(required);
    }
  });
});
