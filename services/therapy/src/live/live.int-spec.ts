import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { LiveHint } from '@aba/contracts/api';
import { plansClient } from '../testing/plans-client.js';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../testing/therapy-harness.js';

/** An open `GET /api/child/{id}/live`: its status, and the hints it brings, in order. */
interface LiveStream {
  status: number;
  contentType: string;
  body: string;
  hints: LiveHint[];
  /** Resolves with the next hint not yet taken, within `ms`. */
  next(ms?: number): Promise<LiveHint>;
  close(): void;
}

describe('live hints of the child pages: GET /api/child/{id}/live (issue 16, ADR 0040)', () => {
  let therapy: TherapyHarness;
  let api: ReturnType<typeof plansClient>;
  let owner: TestUser;
  let therapist: TestUser;
  let stranger: TestUser;
  const streams: LiveStream[] = [];

  beforeAll(async () => {
    therapy = await startTherapy();
    api = plansClient(therapy);
    owner = await therapy.registerUser({ firstName: 'Ioana', role: 'PARENT' });
    therapist = await therapy.registerUser({ firstName: 'Ana', role: 'THERAPIST' });
    stranger = await therapy.registerUser({ firstName: 'Sorin', role: 'PARENT' });
  });

  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });

  afterAll(() => therapy.close());

  async function open(user: TestUser, childId: string): Promise<LiveStream> {
    const { port } = therapy.app.getHttpServer().address() as AddressInfo;
    const headers = await therapy.headers(user);
    return new Promise((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: `/api/child/${childId}/live`, headers },
        (response) => {
          const waiting: Array<(hint: LiveHint) => void> = [];
          let taken = 0;
          const stream: LiveStream = {
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type']),
            body: '',
            hints: [],
            next: (ms = 2_000) =>
              new Promise((done, fail) => {
                if (taken < stream.hints.length) return done(stream.hints[taken++]);
                const take = (hint: LiveHint) => {
                  clearTimeout(timer);
                  taken++;
                  done(hint);
                };
                const timer = setTimeout(() => {
                  waiting.splice(waiting.indexOf(take), 1);
                  fail(new Error(`no hint within ${ms} ms`));
                }, ms);
                waiting.push(take);
              }),
            close: () => request.destroy(),
          };
          let buffer = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            stream.body += chunk;
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const data = block.split('\n').find((line) => line.startsWith('data: '));
              if (block.includes('event: change') && data) {
                stream.hints.push(JSON.parse(data.slice('data: '.length)) as LiveHint);
                waiting.shift()?.(stream.hints[stream.hints.length - 1]);
              }
            }
          });
          response.on('error', () => undefined);
          streams.push(stream);
          // The stream is listening once its first line (the reconnection delay) is in.
          if (response.statusCode !== 200) return response.once('end', () => resolve(stream)).resume();
          response.once('data', () => resolve(stream));
        },
      );
      request.on('error', reject);
    });
  }

  async function childWithItem() {
    const childId = await createChild(therapy, owner);
    await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST');
    const subPlanId = await api.createPlan(owner, childId, 'sub-plan', 'Imitation');
    const itemId = await api.createItem(owner, subPlanId, 'Claps hands');
    return { childId, itemId };
  }

  it("brings a parent's open page, within moments, each thing the therapist records: a trial with its item, a behaviour log with its behaviour, a session", async () => {
    const { childId, itemId } = await childWithItem();
    const created = await api.post(owner, `/api/child/${childId}/behavior/create`, { name: 'Hitting' });
    const behaviorId = (created.body as { behavior: { id: string } }).behavior.id;
    const parentPage = await open(owner, childId);
    expect(parentPage.status).toBe(200);
    expect(parentPage.contentType).toContain('text/event-stream');

    const trial = await api.post(therapist, `/api/sub-plan-item/${itemId}/evaluation/create`, {
      result: 'YES',
      id: randomUUID(),
      captured_at: new Date().toISOString(),
    });
    expect(trial.status).toBe(201);
    expect(await parentPage.next()).toEqual({ kind: 'evaluation', itemId });

    expect((await api.post(therapist, `/api/behavior/${behaviorId}/log`)).status).toBe(201);
    expect(await parentPage.next()).toEqual({ kind: 'behavior', behaviorId });

    expect((await api.post(therapist, `/api/child/${childId}/session/start`, {})).status).toBe(200);
    expect(await parentPage.next()).toEqual({ kind: 'session' });
  });

  it('says nothing of a write that failed, nor of another child, and never carries the records themselves', async () => {
    const first = await childWithItem();
    const second = await childWithItem();
    const page = await open(owner, first.childId);

    const refused = await api.post(therapist, `/api/sub-plan-item/${first.itemId}/evaluation/create`, {
      result: 'MAYBE',
    });
    expect(refused.status).toBe(400);
    expect(
      (await api.post(therapist, `/api/sub-plan-item/${second.itemId}/evaluation/create`, { result: 'NO' }))
        .status,
    ).toBe(201);
    await expect(page.next(1_000)).rejects.toThrow('no hint');

    expect(
      (await api.post(therapist, `/api/sub-plan-item/${first.itemId}/evaluation/create`, { result: 'NO' }))
        .status,
    ).toBe(201);
    expect(await page.next()).toEqual({ kind: 'evaluation', itemId: first.itemId });
    expect(page.body).not.toContain('NO');
  });

  it('is refused, as every read of the child, to a user off its team (403) and for an unknown child (404)', async () => {
    const { childId } = await childWithItem();
    const outsider = await open(stranger, childId);
    expect(outsider.status).toBe(403);
    expect(JSON.parse(outsider.body)).toEqual({ error: expect.any(String) });
    const unknown = await open(owner, randomUUID());
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toEqual({ error: expect.any(String) });
  });
});
