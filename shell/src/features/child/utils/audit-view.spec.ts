import { AUDIT_FIELDS } from '@aba/contracts/api';
import {
  AUDIT_VALUE_CODES,
  auditChanges,
  auditSearch,
  auditValueText,
  auditViewOf,
  pageCount,
  personName,
  type Translate,
} from './audit-view.js';

const ANA = '00000000-0000-4000-8000-00000000000a';

/** Says the key and its values, so a test sees which text was chosen with what. */
const t: Translate = (key, values) => (values ? `${key}${JSON.stringify(values)}` : key);

describe('the audit view in the URL', () => {
  it('reads the page, kind and person of a query string', () => {
    expect(auditViewOf(`?page=3&kind=PLAN_CREATED&user_id=${ANA}`)).toEqual({
      page: 3,
      kind: 'PLAN_CREATED',
      userId: ANA,
    });
    expect(auditViewOf('')).toEqual({ page: 1 });
  });

  it.each([
    '?page=0',
    '?page=-2',
    '?page=2.5',
    '?page=abc',
    '?kind=NOPE',
    '?user_id=42',
    '?kind=plan_created',
  ])('leaves out what is not valid: %s', (search) => expect(auditViewOf(search)).toEqual({ page: 1 }));

  it('writes a view back, the first page and "everything" left out, other parameters kept', () => {
    expect(auditSearch({ page: 1 })).toBe('');
    expect(auditSearch({ page: 2, kind: 'ITEM_DELETED' })).toBe('?kind=ITEM_DELETED&page=2');
    expect(auditSearch({ page: 1, userId: ANA }, '?page=4&kind=ITEM_DELETED&x=1')).toBe(
      `?x=1&user_id=${ANA}`,
    );
    const view = { page: 5, kind: 'HELPER_ADDED', userId: ANA } as const;
    expect(auditViewOf(auditSearch(view))).toEqual(view);
  });

  it('counts the pages, at least one', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(pageCount(120, 25)).toBe(5);
  });
});

describe('who made an entry', () => {
  it('names a person, the platform itself, or a former user', () => {
    expect(personName({ id: ANA, name: 'Ana Pop' }, t)).toBe('Ana Pop');
    expect(personName(null, t)).toBe('audit.platform');
    expect(personName({ id: ANA, name: null }, t)).toBe('audit.formerUser');
    expect(personName({ id: ANA, name: '  ' }, t)).toBe('audit.formerUser');
  });
});

describe('a changed value in words', () => {
  it('translates the codes of a field it knows', () => {
    expect(auditValueText('status', 'IN_LEARNING', t)).toBe('audit.value.status.IN_LEARNING');
    expect(auditValueText('status', 'COMPLETED', t)).toBe('audit.value.status.COMPLETED');
    expect(auditValueText('result', 'NO', t)).toBe('audit.value.result.NO');
    expect(auditValueText('access_type', 'ADMIN', t)).toBe('audit.value.access_type.ADMIN');
    expect(auditValueText('capture_kind', 'behavior-log', t)).toBe('audit.value.capture_kind.behavior-log');
    // A reason written by a person (a capture discarded) is shown as written.
    expect(auditValueText('reason', 'Duplicat', t)).toBe('Duplicat');
  });

  it('writes days and instants as every screen does, instants in the time zone given', () => {
    expect(auditValueText('date_of_birth', '2019-04-02', t)).toBe('02/04/2019');
    expect(auditValueText('captured_at', '2026-11-25T08:30:00.000Z', t, 'Europe/Bucharest')).toBe(
      '25/11/2026, 10:30',
    );
  });

  it('shows nothing as a dash, yes/no, numbers, lists, ids by their start and text as it came', () => {
    expect(auditValueText('description', null, t)).toBe('audit.value.none');
    expect(auditValueText('description', '', t)).toBe('audit.value.none');
    expect(auditValueText('status', true, t)).toBe('audit.value.yes');
    expect(auditValueText('version', 2, t)).toBe('2');
    expect(auditValueText('plan_id', ANA, t)).toBe('#00000000');
    expect(auditValueText('name', 'Plan de toamnă', t)).toBe('Plan de toamnă');
    expect(auditValueText('result', ['YES', 'NO'], t)).toBe('audit.value.result.YES, audit.value.result.NO');
  });

  it('puts a criterion in short, and any other object as JSON', () => {
    const rule = {
      threshold_pct: 80,
      min_trials: 5,
      consecutive_sessions: 3,
      scoring: 'ALL_TRIALS',
      min_people: 1,
      mode: 'AUTO',
    };
    const text = auditValueText(
      'criterion',
      {
        to_generalization: rule,
        to_finished: { ...rule, threshold_pct: 90 },
        counted_roles: ['PARENT', 'THERAPIST'],
      },
      t,
    );
    expect(text).toBe(
      'audit.value.criterion{"toGeneralization":"audit.value.rule{\\"pct\\":80,\\"trials\\":5,\\"sessions\\":3}",' +
        '"toFinished":"audit.value.rule{\\"pct\\":90,\\"trials\\":5,\\"sessions\\":3}"}; ' +
        'audit.value.roles{"roles":"audit.value.role.PARENT, audit.value.role.THERAPIST"}',
    );
    expect(auditValueText('criterion', { inherit: true }, t)).toBe('{"inherit":true}');
    expect(auditValueText('name', { a: 1 }, t)).toBe('{"a":1}');
  });

  it('knows codes only of fields of the trail', () => {
    expect(
      Object.keys(AUDIT_VALUE_CODES).filter((field) => !(AUDIT_FIELDS as readonly string[]).includes(field)),
    ).toEqual([]);
  });
});

describe('the changed fields of an entry', () => {
  it("lists each field once, in the contract's order: before and after when both, one side for what was created or removed", () => {
    expect(
      auditChanges({
        before: { status: 'IN_LEARNING', name: 'Cere apă' },
        after: { status: 'FINISHED', name: 'Cere apă' },
      }),
    ).toEqual([
      { field: 'name', after: 'Cere apă', hasBefore: false, hasAfter: true },
      { field: 'status', before: 'IN_LEARNING', after: 'FINISHED', hasBefore: true, hasAfter: true },
    ]);
    expect(auditChanges({ before: null, after: { sub_plan_id: ANA, name: 'Plan' } })).toEqual([
      { field: 'name', after: 'Plan', hasBefore: false, hasAfter: true },
      { field: 'sub_plan_id', after: ANA, hasBefore: false, hasAfter: true },
    ]);
    expect(auditChanges({ before: { result: 'YES' }, after: null })).toEqual([
      { field: 'result', before: 'YES', hasBefore: true, hasAfter: false },
    ]);
    expect(auditChanges({ before: null, after: null })).toEqual([]);
  });

  it('leaves out a field with nothing on its one side, not one emptied', () => {
    expect(auditChanges({ before: null, after: { name: 'Aruncă obiecte', description: '' } })).toEqual([
      { field: 'name', after: 'Aruncă obiecte', hasBefore: false, hasAfter: true },
    ]);
    expect(auditChanges({ before: { description: 'Toamna' }, after: { description: '' } })).toEqual([
      { field: 'description', before: 'Toamna', after: '', hasBefore: true, hasAfter: true },
    ]);
  });
});
