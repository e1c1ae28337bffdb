import { jest } from '@jest/globals';
import { store } from '../store/store.js';
import { sessionApi } from './session-api.js';
import { readStoredSessionUser, STORED_SESSION_KEY } from './stored-user.js';

const user = { id: 'u-1', email: 'ana@example.ro', first_name: 'Ana', last_name: 'Pop', role: 'THERAPIST' };

const values = new Map<string, string>();
Object.defineProperty(globalThis, 'localStorage', {
  configurable: true,
  value: {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  },
});

// The page's calls are relative to its origin; Node's Request needs one.
const NodeRequest = globalThis.Request;
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://localhost') : input, init);
  }
};
const fetchMock = jest.fn<typeof fetch>();
globalThis.fetch = fetchMock;

const answer = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));

async function readSession() {
  const request = store.dispatch(sessionApi.endpoints.getSession.initiate(undefined, { forceRefetch: true }));
  const result = await request;
  request.unsubscribe();
  return result.data;
}

describe('getSession with and without a network (ADR 0039)', () => {
  beforeEach(() => {
    values.clear();
    fetchMock.mockReset();
  });

  it('keeps what the server confirmed and opens with it when there is no network', async () => {
    fetchMock.mockImplementationOnce(() => answer(200, user));
    expect(await readSession()).toEqual(user);
    expect(readStoredSessionUser()).toEqual(user);

    fetchMock.mockImplementationOnce(noNetwork);
    expect(await readSession()).toEqual(user);
  });

  it('is logged out offline when the server said last that there is no session', async () => {
    fetchMock.mockImplementationOnce(() => answer(200, user));
    await readSession();
    fetchMock.mockImplementationOnce(() => answer(401, { error: 'Not logged in' }));
    expect(await readSession()).toBeNull();
    expect(values.has(STORED_SESSION_KEY)).toBe(false);

    fetchMock.mockImplementationOnce(noNetwork);
    expect(await readSession()).toBeNull();
  });

  it('is logged out offline on a browser that never had a session, and a stored record of another shape is ignored', async () => {
    fetchMock.mockImplementationOnce(noNetwork);
    expect(await readSession()).toBeNull();
    values.set(STORED_SESSION_KEY, JSON.stringify({ id: 'u-1', role: 'OWNER' }));
    fetchMock.mockImplementationOnce(noNetwork);
    expect(await readSession()).toBeNull();
  });

  it('is not the stored user when the server answers with an error (it is reachable and said no)', async () => {
    fetchMock.mockImplementationOnce(() => answer(200, user));
    await readSession();
    fetchMock.mockImplementationOnce(() => answer(502, { error: 'Service unavailable' }));
    expect(await readSession()).toBeNull();
  });
});
