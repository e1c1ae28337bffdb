import type { INestApplication } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { InternalIdentity, UserRole } from '@aba/contracts/api';
import { Subjects, type EventPayload, type Subject } from '@aba/contracts/events';
import {
  createServiceApp,
  INTERNAL_TOKEN_HEADER,
  InternalTokenCodec,
  migrateService,
  sqlRows,
} from '@aba/server-kit';
import {
  createTestEnvironment,
  eventually,
  readPublishedEvents,
  TEST_INTERNAL_TOKEN_SECRET,
  type PublishedEvent,
  type TestEnvironment,
  listenForTests,
} from '@aba/server-kit/testing';
import { Background } from '../background.js';
import { loadIdentityConfig, type IdentityConfig } from '../config.js';
import { identityService } from '../service.js';

export const PUBLIC_URL = 'http://app.test:8080';
export const STRONG_PASSWORD = 'Sup3r-secret-pass';

export interface SentMail {
  file: string;
  kind: string;
  to: string;
  subject: string;
  /** The message decoded from quoted-printable (good enough to read its text and links). */
  body: string;
  /** The secret token of the first link to this service's public URL. */
  token: string | null;
  link: string | null;
}

function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeSubject(raw: string): string {
  const line = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return line
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_all, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
    .trim();
}

export interface IdentityHarness {
  env: TestEnvironment;
  app: INestApplication;
  config: IdentityConfig;
  mailDir: string;
  http(): ReturnType<typeof request>;
  /** A signed internal token, as the gateway would forward it. */
  token(identity?: InternalIdentity): Promise<string>;
  /** Headers of a call through the gateway for an identity (anonymous by default). */
  headers(identity?: InternalIdentity, extra?: Record<string, string>): Promise<Record<string, string>>;
  orm(): MikroORM;
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  mails(): SentMail[];
  waitForMail(kind: string, to: string, count?: number): Promise<SentMail>;
  /** Waits until identity's stream holds an event whose payload matches. */
  publishedEvent(match: (data: Record<string, unknown>) => boolean): Promise<PublishedEvent>;
  /** The payloads of `subject` identity's stream holds right now (no waiting). */
  publishedNow<S extends Subject>(subject: S): Promise<EventPayload<S>[]>;
  /** Waits for background work (e-mails) started so far. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export const anonymous: InternalIdentity = { userId: null, role: null };
export const asUser = (userId: string, role: UserRole = 'PARENT'): InternalIdentity => ({ userId, role });

/** Identity over HTTP against a database and NATS prefix of its own, its mail written to a temporary directory. */
export async function startIdentity(
  extraEnv: Record<string, string> = {},
  existing?: { env: TestEnvironment },
): Promise<IdentityHarness> {
  const env = existing?.env ?? (await createTestEnvironment());
  const mailDir = mkdtempSync(join(tmpdir(), 'identity-mail-'));
  const config = loadIdentityConfig(
    env.serviceEnv('identity', { PUBLIC_URL, MAIL_DIR: mailDir, ...extraEnv }),
  );
  if (!existing) {
    await migrateService({ schema: 'identity', url: config.postgres.url, ...identityService });
  }
  const app = await createServiceApp(identityService.module(config), { name: 'identity', config });
  await listenForTests(app);
  const codec = new InternalTokenCodec(TEST_INTERNAL_TOKEN_SECRET);

  const mails = (): SentMail[] =>
    readdirSync(mailDir)
      .filter((file) => file.endsWith('.eml'))
      .sort()
      .map((file) => {
        const raw = readFileSync(join(mailDir, file), 'utf8');
        const body = decodeQuotedPrintable(raw);
        const match = /^(.+?Z)-(activation|reset|invite|email-change-notice|email-change)-(.+)\.eml$/.exec(
          file,
        );
        const link = new RegExp(`${PUBLIC_URL.replace(/[.]/g, '\\.')}/[a-z/-]+/([A-Za-z0-9_-]+)`).exec(body);
        return {
          file,
          kind: match?.[2] ?? '',
          to: match?.[3] ?? '',
          subject: decodeSubject(raw),
          body,
          link: link?.[0] ?? null,
          token: link?.[1] ?? null,
        };
      });

  return {
    env,
    app,
    config,
    mailDir,
    http: () => request(app.getHttpServer()),
    token: (identity = anonymous) => codec.sign(identity),
    async headers(identity = anonymous, extra = {}) {
      return { [INTERNAL_TOKEN_HEADER]: await codec.sign(identity), ...extra };
    },
    orm: () => app.get(MikroORM),
    async sql<T>(query: string, params: unknown[] = []) {
      return sqlRows<T>(app.get(MikroORM).em.fork(), query, params);
    },
    mails,
    async waitForMail(kind, to, count = 1) {
      const found = await eventually(() => {
        const matching = mails().filter((mail) => mail.kind === kind && mail.to === to);
        return matching.length >= count ? matching[count - 1] : null;
      });
      return found!;
    },
    async publishedEvent(match) {
      const found = await eventually(async () =>
        (await readPublishedEvents(env, 'identity')).find((event) =>
          match(event.envelope.data as Record<string, unknown>),
        ),
      );
      return found!;
    },
    async publishedNow(subject) {
      return (await readPublishedEvents(env, 'identity'))
        .filter((event) => event.envelope.type === subject)
        .map((event) => event.envelope.data as EventPayload<typeof subject>);
    },
    settled: () => app.get(Background).settled(),
    async close() {
      await app.close();
      rmSync(mailDir, { recursive: true, force: true });
      if (!existing) await env.teardown();
    },
  };
}

let counter = 0;
/** A unique, valid registration body. */
export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return {
    first_name: 'Ana',
    last_name: 'Popescu',
    email: `ana.${Date.now().toString(36)}.${counter}@example.com`,
    phone: '+40 712 345 678',
    password: STRONG_PASSWORD,
    confirmedPassword: STRONG_PASSWORD,
    role: 'THERAPIST',
    ...overrides,
  };
}

/** POST /api/login as the gateway forwards it from `address` (a test's own, so one test's failures limit no other). */
export async function logIn(harness: IdentityHarness, email: string, password: string, address: string) {
  return harness
    .http()
    .post('/api/login')
    .set(await harness.headers(anonymous, { 'x-forwarded-for': address }))
    .send({ email, password });
}

/** Who the gateway is told holds a session cookie value (POST /internal/session/resolve): 200 or 401. */
export async function resolveSession(harness: IdentityHarness, sessionId: string) {
  return harness
    .http()
    .post('/internal/session/resolve')
    .set(await harness.headers())
    .send({ sessionId });
}

/** The session cookie value a response sets, or null. */
export function sessionCookieOf(response: { headers: Record<string, unknown> }): string | null {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? (header as string[]) : typeof header === 'string' ? [header] : [];
  for (const cookie of cookies) {
    const match = /^aba_session=([^;]*)/.exec(cookie);
    if (match) return match[1];
  }
  return null;
}

/** Registers and activates an account through its e-mailed link; returns its e-mail and password. */
export async function activeAccount(
  harness: IdentityHarness,
  overrides: Record<string, unknown> = {},
): Promise<{ email: string; password: string; id: string }> {
  const body = registration(overrides);
  await harness
    .http()
    .post('/api/register')
    .set(await harness.headers())
    .send(body)
    .expect(201);
  const email = String(body.email).trim().toLowerCase();
  const mail = await harness.waitForMail('activation', email);
  await harness
    .http()
    .post('/api/token/activate-user')
    .set(await harness.headers())
    .send({ token: mail.token })
    .expect(200);
  const [row] = await harness.sql<{ id: string }>('select id from identity.user_account where email = ?', [
    email,
  ]);
  return { email, password: String(body.password), id: row.id };
}

/**
 * The announcements (`identity.user.registered.v1`) of an e-mail's account so far. The relay publishes in the order
 * events were written, so the answer waits until a later account's announcement is out: an announcement written for
 * the e-mail before it would be out too.
 */
export async function announcementsOf(
  harness: IdentityHarness,
  email: string,
): Promise<EventPayload<typeof Subjects.UserRegisteredV1>[]> {
  const later = await activeAccount(harness);
  await harness.publishedEvent((data) => data.email === later.email);
  return (await harness.publishedNow(Subjects.UserRegisteredV1)).filter((data) => data.email === email);
}
