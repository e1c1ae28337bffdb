import { CHILD_PERMISSIONS, type ChildAction, type ChildRelation } from '@aba/contracts/api';
import { childAccessRefusal, type ChildStanding } from './child-access.rule.js';

const ACTIONS: ChildAction[] = ['read', 'evaluate', 'edit', 'manageHelpers', 'delete'];

describe('child access decision', () => {
  // The table of ARCHITECTURE.md, written out: relation × action → allowed (null) or the refusal.
  const expected: Record<ChildStanding, Record<ChildAction, string | null>> = {
    OWNER: { read: null, evaluate: null, edit: null, manageHelpers: null, delete: null },
    ADMIN: { read: null, evaluate: null, edit: null, manageHelpers: null, delete: 'actionNotAllowed' },
    THERAPIST: {
      read: null,
      evaluate: null,
      edit: 'actionNotAllowed',
      manageHelpers: 'actionNotAllowed',
      delete: 'actionNotAllowed',
    },
    stranger: {
      read: 'noChildAccess',
      evaluate: 'noChildAccess',
      edit: 'noChildAccess',
      manageHelpers: 'noChildAccess',
      delete: 'noChildAccess',
    },
    'no-child': {
      read: 'childNotFound',
      evaluate: 'childNotFound',
      edit: 'childNotFound',
      manageHelpers: 'childNotFound',
      delete: 'childNotFound',
    },
  };

  it.each(
    (Object.keys(expected) as ChildStanding[]).flatMap((standing) =>
      ACTIONS.map((action) => [standing, action, expected[standing][action]] as const),
    ),
  )('%s may %s → %s', (standing, action, refusal) => {
    expect(childAccessRefusal(standing, action)).toBe(refusal);
  });

  it('agrees with CHILD_PERMISSIONS of contracts for every relation', () => {
    for (const relation of Object.keys(CHILD_PERMISSIONS) as ChildRelation[]) {
      for (const action of ACTIONS) {
        expect(childAccessRefusal(relation, action) === null).toBe(CHILD_PERMISSIONS[relation][action]);
      }
    }
  });
});
