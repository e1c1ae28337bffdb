import { readdirSync, readFileSync } from 'node:fs';
import {
  AccountDeletionMessages,
  AccountExportMessages,
  AUDIT_FIELDS,
  AUDIT_KINDS,
  AuditMessages,
  CHILD_RESTORE_DAYS,
  ChildExportMessages,
  ChildMessages,
  ChildReportMessages,
  DATA_ROLES,
  ErrorMessages,
  IdentityMessages,
  MasteryMessages,
  NeedsAttentionMessages,
  ConsentMessages,
  OwnershipMessages,
  ReportSettingsMessages,
  SESSION_SETTINGS,
  SessionMessages,
} from '@aba/contracts/api';
import { NO_LICENCE_MESSAGE } from '@aba/web-kit';
import { auditValueKeys } from './features/child/utils/audit-view.js';

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
    const messages = [
      ...Object.values(ErrorMessages),
      ...Object.values(IdentityMessages),
      ...Object.values(ChildMessages),
      ...Object.values(SessionMessages),
      ...Object.values(NeedsAttentionMessages),
      ...Object.values(ConsentMessages),
      ...Object.values(AuditMessages),
      ...Object.values(AccountExportMessages),
      ...Object.values(ChildExportMessages),
      ...Object.values(AccountDeletionMessages),
      ...Object.values(OwnershipMessages),
      ...Object.values(ChildReportMessages),
      ...Object.values(ReportSettingsMessages),
      MasteryMessages.settingInvalid,
      NO_LICENCE_MESSAGE,
    ];
    expect(messages.filter((message) => typeof errors[message] !== 'string')).toEqual([]);
  });
});

describe('terms (spec §2)', () => {
  it('the Romanian text covers what the spec lists', () => {
    const text = leaves(load('ro', 'terms'))
      .map(([, value]) => value)
      .join('\n');
    for (const required of [
      'cookie',
      '16 ani',
      'ștergerea contului',
      'sănătatea copilului',
      'psihoterapeuți',
    ]) {
      expect(text).toContain(required);
    }
  });
});

describe('terms: retention of a deleted child (issue 13, point 4)', () => {
  it.each([
    ['ro', `încă ${CHILD_RESTORE_DAYS} de zile`],
    ['en', `${CHILD_RESTORE_DAYS} more days`],
  ])('%s says it is kept as long as it can be restored', (lng, days) => {
    const text = leaves(load(lng, 'terms'))
      .map(([, value]) => value)
      .join('\n');
    expect(text).toContain(days);
  });
});

describe('children pages and their first-use steps (src/features/child)', () => {
  const sources = (dir: URL): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? sources(new URL(`${entry.name}/`, dir))
        : entry.name.endsWith('.tsx')
          ? [readFileSync(new URL(entry.name, dir), 'utf8')]
          : [],
    );
  const code = sources(new URL('./features/child/', import.meta.url)).join('\n');
  const staticKeys = [...code.matchAll(/\bt\(\s*'([^']+)'/g)].map((match) => match[1]);
  // `helpers.${accessType}.x` and `${texts}.x` with texts = `helpers.${accessType}`
  const perAccessType = [...code.matchAll(/\$\{texts\}\.(\w+)/g)].flatMap((match) =>
    ['ADMIN', 'THERAPIST'].map((type) => `helpers.${type}.${match[1]}`),
  );
  const relations = ['OWNER', 'ADMIN', 'THERAPIST'].map((relation) => `relations.${relation}`);
  // The session bar and list: `sessions.setting.${…}`, `sessions.role.${…}`, `sessions.list.columns.${…}`, durations.
  const sessionKeys = [
    ...SESSION_SETTINGS.map((setting) => `sessions.setting.${setting}`),
    ...DATA_ROLES.map((role) => `sessions.role.${role}`),
    ...['when', 'duration', 'person', 'role', 'setting', 'trials', 'behaviors'].map(
      (column) => `sessions.list.columns.${column}`,
    ),
    ...['underMinute', 'minutes', 'hours'].map((duration) => `sessions.duration.${duration}`),
  ];
  // The audit page (issue 17): every kind of entry, every field it can name, and every value it puts in words.
  const auditKeys = [
    ...AUDIT_KINDS.map((kind) => `audit.kind.${kind}`),
    ...AUDIT_FIELDS.map((field) => `audit.field.${field}`),
    ...auditValueKeys(),
  ];
  const keys = [...new Set([...staticKeys, ...perAccessType, ...relations, ...sessionKeys, ...auditKeys])];

  const lookup = (tree: Tree, key: string): unknown =>
    key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined),
        tree,
      );

  it('finds the keys the pages use', () => expect(keys.length).toBeGreaterThan(30));

  it('include every kind and field of the audit trail', () =>
    expect(keys).toEqual(
      expect.arrayContaining([
        'audit.kind.CAPTURE_DISCARDED',
        'audit.kind.OWNERSHIP_TRANSFERRED',
        'audit.field.capture_kind',
        'audit.field.owner_id',
        'audit.value.status.IN_LEARNING',
      ]),
    ));

  it('say every kind of audit entry in Romanian, not as in English', () => {
    const [ro, en] = [load('ro'), load('en')];
    const same = AUDIT_KINDS.filter(
      (kind) => lookup(ro, `audit.kind.${kind}`) === lookup(en, `audit.kind.${kind}`),
    );
    expect(same).toEqual([]);
  });

  it.each(['ro', 'en'])('%s has every text they use', (lng) => {
    const tree = load(lng);
    expect(keys.filter((key) => typeof lookup(tree, key) !== 'string')).toEqual([]);
  });

  it('name the relations as the spec does', () => {
    expect(lookup(load('ro'), 'relations')).toEqual({
      OWNER: 'Părinte',
      ADMIN: 'Coordonator',
      THERAPIST: 'Terapeut',
    });
    expect(lookup(load('en'), 'childFrame.backHome')).toBe('Back to Home Page');
    expect(lookup(load('ro'), 'childFrame.backHome')).toBe('Înapoi la pagina principală');
  });
});
