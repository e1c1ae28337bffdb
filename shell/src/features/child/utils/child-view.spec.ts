import { CHILD_PERMISSIONS, type ChildRelation } from '@aba/contracts/api';
import {
  childControls,
  childHomePath,
  confirmsFirstName,
  fullName,
  helperRow,
  navigationMessage,
  relationKey,
  restorableUntil,
} from './child-view.js';

describe('fullName', () => {
  it('joins first and last name', () => expect(fullName({ first_name: 'Ana', last_name: 'Pop' })).toBe('Ana Pop'));
  it('skips missing or blank parts', () => {
    expect(fullName({ first_name: ' Ana ', last_name: '' })).toBe('Ana');
    expect(fullName({ first_name: null, last_name: 'Pop' })).toBe('Pop');
    expect(fullName({ first_name: '', last_name: '' })).toBe('');
  });
});

describe('relation label', () => {
  it.each([
    ['OWNER', 'relations.OWNER'],
    ['ADMIN', 'relations.ADMIN'],
    ['THERAPIST', 'relations.THERAPIST'],
  ] as const)('%s → %s', (relation, key) => expect(relationKey(relation)).toBe(key));
});

describe('controls per relation (through mayOnChild)', () => {
  it.each([
    ['OWNER', { deleteChild: true, manageHelpers: true }],
    ['ADMIN', { deleteChild: false, manageHelpers: true }],
    ['THERAPIST', { deleteChild: false, manageHelpers: false }],
  ] as const)('%s', (relation, controls) => expect(childControls(relation)).toEqual(controls));

  it('follows the contracts rule for every relation', () => {
    for (const relation of Object.keys(CHILD_PERMISSIONS) as ChildRelation[]) {
      expect(childControls(relation)).toEqual({
        deleteChild: CHILD_PERMISSIONS[relation].delete,
        manageHelpers: CHILD_PERMISSIONS[relation].manageHelpers,
      });
    }
  });

  it('shows nothing without a relation', () => {
    expect(childControls(null)).toEqual({ deleteChild: false, manageHelpers: false });
    expect(childControls(undefined)).toEqual({ deleteChild: false, manageHelpers: false });
  });
});

describe('helper rows', () => {
  it('an active helper: the name, the e-mail below', () => {
    expect(helperRow({ first_name: 'Ion', last_name: 'Rus', email: 'ion@example.com', status: 'ACTIVE' })).toEqual({
      title: 'Ion Rus',
      email: 'ion@example.com',
      pending: false,
    });
  });

  it('an invited helper who has not registered: the e-mail and the badge', () => {
    expect(helperRow({ first_name: '', last_name: '', email: 'new@example.com', status: 'PENDING' })).toEqual({
      title: 'new@example.com',
      email: null,
      pending: true,
    });
  });
});

describe('paths and navigation state', () => {
  it('a child opens on its dashboard', () => {
    expect(childHomePath('3b0d5c1e-8f3a-4b8e-9a51-0c6c9d0e7f11')).toBe('/child/3b0d5c1e-8f3a-4b8e-9a51-0c6c9d0e7f11/dashboard');
  });

  it('reads the message passed to a page', () => {
    expect(navigationMessage({ message: 'The child was deleted' })).toBe('The child was deleted');
    expect(navigationMessage({ message: ' ' })).toBeNull();
    expect(navigationMessage(null)).toBeNull();
    expect(navigationMessage('x')).toBeNull();
  });
});

describe('confirming a delete with the first name (issue 13, point 4)', () => {
  const child = { first_name: 'Ștefan' };

  it.each(['Ștefan', 'ștefan', '  ȘTEFAN ', 'Stefan', 'stefan'])('accepts %j', (typed) =>
    expect(confirmsFirstName(typed, child)).toBe(true),
  );

  it.each(['', ' ', 'Ștef', 'Ștefan Pop', 'Stefana', 'Popescu'])('refuses %j', (typed) =>
    expect(confirmsFirstName(typed, child)).toBe(false),
  );

  it('needs a name to confirm against', () => expect(confirmsFirstName('', { first_name: ' ' })).toBe(false));
});

describe('restorableUntil', () => {
  it('is 30 days after the delete', () => {
    expect(restorableUntil(new Date('2026-12-01T10:00:00Z'))).toBe('31/12/2026');
  });
});
