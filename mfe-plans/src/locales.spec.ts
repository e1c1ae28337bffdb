import { ITEM_STATUSES, PLAN_STATUSES } from '@aba/contracts/api';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_MESSAGE_GROUPS } from './lib/use-error-text.js';

type Tree = { [key: string]: string | Tree };
const load = (lng: string): Tree =>
  JSON.parse(readFileSync(new URL(`../public/locales/${lng}/plans.json`, import.meta.url), 'utf8')) as Tree;

function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [path] : [];
  });
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('plans locale files', () => {
  const ro = new Map(leaves(load('ro')));
  const en = new Map(leaves(load('en')));

  it('ro and en have the same keys, the same placeholders and no empty text', () => {
    expect([...ro.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of en)
      expect([key, placeholders(ro.get(key) ?? '')]).toEqual([key, placeholders(text)]);
    expect([...ro, ...en].filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('translate every plans server message and every status', () => {
    for (const [group, messages] of SERVER_MESSAGE_GROUPS)
      for (const key of Object.keys(messages))
        expect([group, key, en.has(`serverErrors.${group}${key}`)]).toEqual([group, key, true]);
    for (const status of PLAN_STATUSES) expect(en.has(`planStatus.${status}`)).toBe(true);
    for (const status of ITEM_STATUSES) expect(en.has(`itemStatus.${status}`)).toBe(true);
  });

  it('have every key the components ask for', () => {
    const src = fileURLToPath(new URL('.', import.meta.url));
    const missing: string[] = [];
    for (const file of sourceFiles(src)) {
      const code = readFileSync(file, 'utf8');
      for (const match of code.matchAll(/\bt\('([\w.]+)'/g))
        if (!en.has(match[1])) missing.push(`${file}: ${match[1]}`);
      // keys built per kind: `${k}.list.title` with k = plan | subPlan
      for (const match of code.matchAll(/\bt\(`\$\{k\}\.([\w.]+)`/g)) {
        for (const k of ['plan', 'subPlan'])
          if (!en.has(`${k}.${match[1]}`)) missing.push(`${file}: ${k}.${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
