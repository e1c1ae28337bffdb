import 'fake-indexeddb/auto';
import { discardCapture, retryCapture, deviceOutbox } from './outbox-sync.js';
import { flushOutbox, pendingCaptures, queueCapture, type OutboxRecord } from './outbox.js';

const USER = 'user-1';

/** A capture in the device's outbox that the server refused for good (set aside for a person). */
async function setAside(): Promise<OutboxRecord> {
  const db = await deviceOutbox();
  const id = crypto.randomUUID();
  await queueCapture(db, {
    id,
    userId: USER,
    childId: 'child-1',
    kind: 'evaluation',
    path: '/api/sub-plan-item/item-1/evaluation/create',
    body: { result: 'YES', id, captured_at: '2026-11-26T08:00:00.000Z' },
    capturedAt: '2026-11-26T08:00:00.000Z',
  });
  await flushOutbox(db, USER, async () => ({ status: 404, body: { error: 'Item does not exist' } }));
  return (await pendingCaptures(db, USER)).find((record) => record.id === id)!;
}

const kept = async (id: string) =>
  (await pendingCaptures(await deviceOutbox(), USER)).find((record) => record.id === id);

describe("a person's answer to a capture set aside, on the device's outbox", () => {
  it('Send again puts it back in the queue without its reason; Discard takes it out', async () => {
    const record = await setAside();
    expect(record.attention).toEqual({ status: 404, error: 'Item does not exist' });
    await retryCapture(record.id);
    expect(await kept(record.id)).toMatchObject({ id: record.id, attempts: 0 });
    expect((await kept(record.id))?.attention).toBeUndefined();
    await discardCapture(record.id);
    expect(await kept(record.id)).toBeUndefined();
  });

  it('rejects when the device cannot write the change, and leaves the capture as it was (the page says so)', async () => {
    const record = await setAside();
    const put = IDBObjectStore.prototype.put;
    const remove = IDBObjectStore.prototype.delete;
    const refuse = () => {
      throw new DOMException('The storage did not answer.', 'UnknownError');
    };
    IDBObjectStore.prototype.put = refuse;
    IDBObjectStore.prototype.delete = refuse;
    try {
      await expect(retryCapture(record.id)).rejects.toThrow('The storage did not answer.');
      await expect(discardCapture(record.id)).rejects.toThrow('The storage did not answer.');
    } finally {
      IDBObjectStore.prototype.put = put;
      IDBObjectStore.prototype.delete = remove;
    }
    expect((await kept(record.id))?.attention).toEqual({ status: 404, error: 'Item does not exist' });
  });
});
