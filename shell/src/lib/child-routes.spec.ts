import {
  childIdFromPath,
  childNavItems,
  childSectionOwner,
  isChildNavItemActive,
  isPathActive,
} from './child-routes.js';

describe('childIdFromPath', () => {
  it.each([
    ['/child/42/plan/list', '42'],
    ['/child/42', '42'],
    ['/child/7f9c-1/behavior/3', '7f9c-1'],
  ])('%s → %s', (path, id) => expect(childIdFromPath(path)).toBe(id));

  it.each(['/child/create', '/child/list', '/child/list/', '/billing', '/', '/children/42'])(
    '%s has no child',
    (path) => expect(childIdFromPath(path)).toBeNull(),
  );
});

describe('childSectionOwner', () => {
  it.each([
    ['dashboard', 'plans'],
    ['plan/list', 'plans'],
    ['plan/5/evaluate', 'plans'],
    ['sub-plan/list', 'plans'],
    ['item/7', 'plans'],
    ['to-confirm', 'plans'],
    ['behaviors', 'behaviors'],
    ['behavior/9', 'behaviors'],
    ['coordinators', 'shell'],
    ['therapists', 'shell'],
    ['sessions', 'shell'],
    ['consent', 'shell'],
    ['audit', 'shell'],
    ['reports', 'shell'],
  ])('%s → %s', (rest, owner) => expect(childSectionOwner(rest)).toBe(owner));

  it.each(['', 'unknown', 'constructor', 'toString'])('"%s" is unknown', (rest) =>
    expect(childSectionOwner(rest)).toBeNull(),
  );
});

describe('child sidebar', () => {
  const items = childNavItems('42');
  const active = (path: string) => items.filter((i) => isChildNavItemActive(i, path)).map((i) => i.key);

  it('links to the progress dashboard, then the five child pages of spec §2 with the sessions (issue 15) and the reports (issue 18), the captures to check (issue 16), and the consent (issue 17)', () => {
    expect(items.map((i) => i.to)).toEqual([
      '/child/42/dashboard',
      '/child/42/plan/list',
      '/child/42/sub-plan/list',
      '/child/42/behaviors',
      '/child/42/sessions',
      '/child/42/reports',
      '/child/42/needs-attention',
      '/child/42/coordinators',
      '/child/42/therapists',
      '/child/42/consent',
    ]);
  });

  it('marks the item of the current path', () => {
    expect(active('/child/42/plan/list')).toEqual(['plans']);
    expect(active('/child/42/plan/7/evaluate')).toEqual(['plans']);
    expect(active('/child/42/sub-plan/3')).toEqual(['subPlans']);
    expect(active('/child/42/behavior/3')).toEqual(['behaviors']);
    expect(active('/child/42/therapists')).toEqual(['therapists']);
    expect(active('/child/42/dashboard')).toEqual(['dashboard']);
    expect(active('/child/42/sessions')).toEqual(['sessions']);
    expect(active('/child/42/needs-attention')).toEqual(['needsAttention']);
    expect(active('/child/42/reports')).toEqual(['reports']);
    expect(
      childNavItems('42', 'OWNER')
        .filter((i) => isChildNavItemActive(i, '/child/42/audit'))
        .map((i) => i.key),
    ).toEqual(['audit']);
  });

  it('lists the audit trail (issue 17) after the consent for the owner and coordinators only', () => {
    const paths = (relation: Parameters<typeof childNavItems>[1]) =>
      childNavItems('42', relation).map((i) => i.to);
    expect(paths('OWNER')).toEqual([...items.map((i) => i.to), '/child/42/audit']);
    expect(paths('ADMIN')).toEqual([...items.map((i) => i.to), '/child/42/audit']);
    expect(paths('THERAPIST')).toEqual(items.map((i) => i.to));
    // While the relation is not known yet: not listed.
    expect(paths(null)).toEqual(items.map((i) => i.to));
  });
});

describe('isPathActive', () => {
  it('matches the path and what is below it, not siblings with the same prefix', () => {
    expect(isPathActive('/billing', '/billing')).toBe(true);
    expect(isPathActive('/admin/users', '/admin/users/2')).toBe(true);
    expect(isPathActive('/child/list', '/child/listing')).toBe(false);
  });
});
