import { parseStoredUser } from '@aba/web-kit';
import { postLoginPath, rememberedChildId } from './post-login.js';

const CHILD = '3b0d5c1e-8f3a-4b8e-9a51-0c6c9d0e7f11';

describe('postLoginPath (spec §4)', () => {
  it('returns to the originally requested location first', () => {
    expect(postLoginPath({ from: '/billing?x=1#top', childId: CHILD })).toBe('/billing?x=1#top');
    expect(postLoginPath({ from: '/admin/users', childId: null })).toBe('/admin/users');
  });
  it("otherwise goes to the child's plan list", () => {
    expect(postLoginPath({ childId: CHILD })).toBe(`/child/${CHILD}/plan/list`);
    expect(postLoginPath({ from: undefined, childId: CHILD })).toBe(`/child/${CHILD}/plan/list`);
  });
  it('with no child sends a parent to the add-child page', () => {
    expect(postLoginPath({})).toBe('/child/create');
    expect(postLoginPath({ from: null, childId: null, role: 'PARENT' })).toBe('/child/create');
    expect(postLoginPath({ childId: '  ', role: null })).toBe('/child/create');
  });
  it('with no child sends a therapist or coordinator to their children list and the administrator to the admin pages', () => {
    expect(postLoginPath({ childId: null, role: 'THERAPIST' })).toBe('/child/list');
    expect(postLoginPath({ childId: null, role: 'COORDINATOR' })).toBe('/child/list');
    expect(postLoginPath({ childId: null, role: 'ADMIN' })).toBe('/admin/subscriptions');
  });
  it('sends anyone with a child to its plans, whatever the role', () => {
    for (const role of ['PARENT', 'THERAPIST', 'COORDINATOR', 'ADMIN'] as const) {
      expect(postLoginPath({ childId: CHILD, role })).toBe(`/child/${CHILD}/plan/list`);
    }
  });
  it('ignores a return location web-kit does not find safe (isSafeReturnPath has the cases)', () => {
    expect(postLoginPath({ from: '//evil.example/x', childId: CHILD })).toBe(`/child/${CHILD}/plan/list`);
  });
});

describe('rememberedChildId', () => {
  const stored = parseStoredUser(
    JSON.stringify({ email: 'Ana@Example.com', role: 'PARENT', child_id: CHILD }),
  );
  it('uses the stored child of the same user', () => {
    expect(rememberedChildId({ email: 'ana@example.com' }, stored)).toBe(CHILD);
  });
  it('ignores another user or nothing stored', () => {
    expect(rememberedChildId({ email: 'ion@example.com' }, stored)).toBeNull();
    expect(rememberedChildId({ email: 'ana@example.com' }, null)).toBeNull();
    expect(rememberedChildId(null, stored)).toBeNull();
  });
});
