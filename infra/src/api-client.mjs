// A small client of the public API through the gateway, shared by the runner's demo seed and the benchmarks:
// the session cookie is kept and the app's Origin is sent (the gateway's CSRF check wants it).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** A client of one user. `origin` is the app's public origin (sent as Origin); `baseUrl` is where to call, by default the same. */
export class Api {
  constructor(origin, baseUrl = origin) {
    this.origin = origin;
    this.baseUrl = baseUrl;
    this.cookie = '';
  }

  async call(method, path, body) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { origin: this.origin, cookie: this.cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie?.startsWith('aba_session=')) this.cookie = setCookie.split(';')[0];
    const text = await response.text();
    let parsed = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed };
  }

  /** Calls until the answer has `status` (retrying for up to `retryMs`, e.g. while an event is on its way); returns its body. */
  async expect(status, method, path, body, retryMs = 0) {
    const deadline = Date.now() + retryMs;
    for (;;) {
      const result = await this.call(method, path, body);
      if (result.status === status) return result.body;
      if (Date.now() > deadline) throw new Error(`${method} ${path} → ${result.status} ${JSON.stringify(result.body)}`);
      await sleep(200);
    }
  }
}

const LINK_PATHS = { activation: '/token/activate-user/', reset: '/token/reset-password/', invite: '/register/' };

/**
 * The token of the newest `kind` link ('activation', 'reset' or 'invite') identity wrote to `mailDir` for `email`
 * (no SMTP: one `<timestamp>-<kind>-<recipient>.eml` file per message), written at `since` (ms) or later: a message
 * left by an earlier run is not the one a request just asked for. Waits up to `timeoutMs` for it.
 */
export async function mailedToken(mailDir, email, kind, timeoutMs = 10_000, since = 0) {
  const deadline = Date.now() + timeoutMs;
  const link = new RegExp(`${LINK_PATHS[kind]}([A-Za-z0-9_-]+)`);
  for (;;) {
    if (existsSync(mailDir)) {
      const files = readdirSync(mailDir)
        .filter((file) => file.includes(`-${kind}-`) && file.endsWith('.eml'))
        .sort()
        .reverse();
      for (const file of files) {
        // File times are kept to the millisecond or coarser: a second of slack.
        if (statSync(resolve(mailDir, file)).mtimeMs < since - 1000) continue;
        const text = readFileSync(resolve(mailDir, file), 'utf8').replace(/=\r?\n/g, '');
        if (!text.toLowerCase().includes(email.toLowerCase())) continue;
        const token = text.match(link)?.[1];
        if (token) return token;
      }
    }
    if (Date.now() > deadline) throw new Error(`no ${kind} e-mail for ${email} in ${mailDir}`);
    await sleep(100);
  }
}

/** The activation token mailed to `email` at `since` or later (see `mailedToken`). */
export const activationToken = (mailDir, email, since = 0) =>
  mailedToken(mailDir, email, 'activation', undefined, since);

/**
 * Registers and activates an account through the API and its activation e-mail; returns a logged-in client.
 * `system` is `{ origin, mailDir, baseUrl? }`.
 */
export async function activeAccount(system, email, password, profile = {}) {
  const api = new Api(system.origin, system.baseUrl);
  const { firstName = 'Bench', lastName = 'Parent', phone = '0700000000', role } = profile;
  const registeredAt = Date.now();
  await api.expect(201, 'POST', '/api/register', {
    first_name: firstName,
    last_name: lastName,
    email,
    phone,
    password,
    confirmedPassword: password,
    ...(role ? { role } : {}),
  });
  const token = await activationToken(system.mailDir, email, registeredAt);
  await api.expect(200, 'POST', '/api/token/activate-user', { token });
  await api.expect(200, 'POST', '/api/login', { email, password });
  return api;
}
