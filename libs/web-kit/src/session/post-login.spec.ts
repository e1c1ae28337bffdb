import { isSafeReturnPath, postLoginPath, readLoginPageState, rememberedChildId } from './post-login.js';
import { parseStoredUser } from './stored-user.js';

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
  it('with no child goes to the add-child page', () => {
    expect(postLoginPath({})).toBe('/child/create');
    expect(postLoginPath({ from: null, childId: null })).toBe('/child/create');
    expect(postLoginPath({ childId: '  ' })).toBe('/child/create');
  });
  it.each([
    ['another origin', '//evil.example/x'],
    ['a backslash trick', '/\\evil.example'],
    ['an absolute URL', 'https://evil.example/'],
    ['a relative path', 'child/list'],
    ['the login page', '/login'],
    ['the register page', '/register/abc'],
    ['a token link', '/token/activate-user/abc'],
    ['the reset page', '/reset-password'],
  ])('ignores %s as a return location', (_label, from) => {
    expect(isSafeReturnPath(from)).toBe(false);
    expect(postLoginPath({ from, childId: CHILD })).toBe(`/child/${CHILD}/plan/list`);
  });
  it('keeps paths that only start like an auth page', () => {
    expect(isSafeReturnPath('/loginhelp')).toBe(true);
    expect(isSafeReturnPath('/child/list')).toBe(true);
  });
});

describe('readLoginPageState', () => {
  it('reads from, message and error', () => {
    expect(readLoginPageState({ from: '/child/list', message: 'Registration successful!', error: 'x' })).toEqual({
      from: '/child/list',
      message: 'Registration successful!',
      error: 'x',
    });
  });
  it('drops what is missing, empty or unsafe', () => {
    expect(readLoginPageState(null)).toEqual({});
    expect(readLoginPageState('x')).toEqual({});
    expect(readLoginPageState({ from: '//evil', message: ' ', error: 3 })).toEqual({});
  });
});

describe('rememberedChildId', () => {
  const stored = parseStoredUser(JSON.stringify({ email: 'Ana@Example.com', role: 'PARENT', child_id: CHILD }));
  it('uses the stored child of the same user', () => {
    expect(rememberedChildId({ email: 'ana@example.com' }, stored)).toBe(CHILD);
  });
  it('ignores another user or nothing stored', () => {
    expect(rememberedChildId({ email: 'ion@example.com' }, stored)).toBeNull();
    expect(rememberedChildId({ email: 'ana@example.com' }, null)).toBeNull();
    expect(rememberedChildId(null, stored)).toBeNull();
  });
});

describe('parseStoredUser', () => {
  it('accepts a stored login answer', () => {
    expect(parseStoredUser('{"email":"a@b.c","role":"ADMIN","child_id":null}')).toEqual({
      email: 'a@b.c',
      role: 'ADMIN',
      child_id: null,
    });
  });
  it.each(['', 'not json', 'null', '{"email":"a@b.c","role":"ROOT"}', '{"role":"ADMIN"}'])('rejects %j', (raw) => {
    expect(parseStoredUser(raw)).toBeNull();
  });
});
