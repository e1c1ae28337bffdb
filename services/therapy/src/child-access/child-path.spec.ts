import { childIdInPath, isChildRestorePath } from './child-path.js';

describe('child-scoped paths', () => {
  const id = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

  it.each([
    [`/api/child/${id}`, id],
    [`/api/child/${id}/`, id],
    [`/api/child/${id}/delete`, id],
    [`/api/child/${id}/helpers?access_type=ADMIN`, id],
    [`/api/child/${id}/plan/x/detailed-view`, id],
    [`/API/Child/${id}/helpers`, id],
    ['/api/child/not-a-uuid/helpers', 'not-a-uuid'],
    ['/api/child/a%20b', 'a b'],
    ['/api/child/%E0%A4%A/x', '%E0%A4%A'],
    // a segment named like a fixed route is still a child id when more follows
    ['/api/child/list/x', 'list'],
  ])('%s is scoped to %s', (path, childId) => {
    expect(childIdInPath(path)).toBe(childId);
  });

  it.each([
    '/api/child/create',
    '/api/child/create/',
    '/api/child/list',
    '/api/child/LIST',
    '/api/child/list?x=1',
    '/api/child/deleted',
    '/api/child/add-license',
    '/api/child/remove-license',
    '/api/child/',
    '/api/child',
    '/api/plan/abc/set-status',
    '/health',
  ])('%s is not scoped to a child', (path) => {
    expect(childIdInPath(path)).toBeNull();
  });

  it.each([
    [`/api/child/${id}/restore`, true],
    [`/api/child/${id}/restore/?x=1`, true],
    [`/API/Child/${id}/Restore`, true],
    [`/api/child/${id}/delete`, false],
    [`/api/child/${id}/restore/more`, false],
    [`/api/child/${id}`, false],
    ['/api/child/restore', false],
  ])('%s is a restore: %s', (path, restore) => {
    expect(isChildRestorePath(path)).toBe(restore);
  });
});
