import {
  COPY_FRESH_FOR_MS,
  COPY_KEPT_FOR_MS,
  copyAction,
  copyKeyOf,
  isChildRead,
  isKeptAnswer,
  readsCacheName,
} from './child-reads.js';

const at = (path: string) => new URL(path, 'http://app.test');

describe('the reads the phone keeps a copy of', () => {
  it('are the child pages’ reads', () => {
    for (const path of [
      '/api/child/list',
      '/api/child/c-1',
      '/api/child/c-1/plan/p-1/detailed-view?items_status=ACTIVE',
      '/api/behavior/b-1',
      '/api/list/antecedent',
      '/api/sub-plan-item/i-1/evaluations?limit=5',
    ]) {
      expect(isChildRead(at(path), 'GET')).toBe(true);
    }
  });

  it('are never a write, an account or billing call, or the live stream that never ends', () => {
    expect(isChildRead(at('/api/child/c-1/plan/p-1/item/i-1/evaluation/create'), 'POST')).toBe(false);
    expect(isChildRead(at('/api/get-session'), 'GET')).toBe(false);
    expect(isChildRead(at('/api/user/subscription-data'), 'GET')).toBe(false);
    expect(isChildRead(at('/api/child/c-1/live'), 'GET')).toBe(false);
  });

  it("keep a page's data, never a file the user downloads nor a refusal", () => {
    expect(isKeptAnswer(200, 'application/json; charset=utf-8')).toBe(true);
    expect(isKeptAnswer(200, 'application/pdf')).toBe(false);
    expect(isKeptAnswer(200, 'application/zip')).toBe(false);
    expect(isKeptAnswer(200, 'image/png')).toBe(false);
    expect(isKeptAnswer(200, null)).toBe(false);
    expect(isKeptAnswer(403, 'application/json; charset=utf-8')).toBe(false);
  });

  it('are kept per user', () => {
    expect(readsCacheName('u-1')).not.toBe(readsCacheName('u-2'));
  });
});

describe('the key of a read’s copy', () => {
  it('leaves out what the page takes from the clock, so yesterday’s copy opens today', () => {
    const yesterday =
      'http://app.test/api/child/c-1/plan/p-1/detailed-view?items_status=ACTIVE&since=2026-11-25T22%3A00%3A00.000Z';
    const today =
      'http://app.test/api/child/c-1/plan/p-1/detailed-view?items_status=ACTIVE&since=2026-11-26T22%3A00%3A00.000Z';
    expect(copyKeyOf(yesterday)).toBe(copyKeyOf(today));
    expect(copyKeyOf(today)).toBe('http://app.test/api/child/c-1/plan/p-1/detailed-view?items_status=ACTIVE');
    expect(copyKeyOf('http://app.test/api/child/c-1/evaluations?from=2026-10-27&to=2026-11-26')).toBe(
      'http://app.test/api/child/c-1/evaluations',
    );
  });

  it('keeps what chooses the content: a filter is a copy of its own', () => {
    expect(copyKeyOf('http://app.test/api/child/c-1/plan/list?status=ACTIVE')).not.toBe(
      copyKeyOf('http://app.test/api/child/c-1/plan/list?status=INACTIVE'),
    );
  });
});

describe('a copy kept fresh', () => {
  const NOW = Date.parse('2026-11-26T12:00:00Z');
  const MINUTE = 60_000;
  const DAY = 24 * 60 * MINUTE;

  it('is read again once it is 10 minutes old, while a page read it in the last 30 days', () => {
    expect(copyAction({ openedAt: NOW - DAY, sentAt: NOW - COPY_FRESH_FOR_MS + MINUTE }, NOW)).toBe('keep');
    expect(copyAction({ openedAt: NOW - DAY, sentAt: NOW - COPY_FRESH_FOR_MS }, NOW)).toBe('refresh');
    expect(copyAction({ openedAt: NOW - COPY_KEPT_FOR_MS, sentAt: NOW - 2 * DAY }, NOW)).toBe('refresh');
  });

  it('is dropped when no page read it in 30 days, however fresh, or when its dates cannot be read', () => {
    expect(copyAction({ openedAt: NOW - COPY_KEPT_FOR_MS - MINUTE, sentAt: NOW - MINUTE }, NOW)).toBe('drop');
    expect(copyAction({ openedAt: null, sentAt: NOW - 31 * DAY }, NOW)).toBe('drop');
    expect(copyAction({ openedAt: null, sentAt: Number.NaN }, NOW)).toBe('drop');
  });

  it('counts as read when the server sent it if it was kept before reads were dated', () => {
    expect(copyAction({ openedAt: null, sentAt: NOW - 2 * DAY }, NOW)).toBe('refresh');
  });
});
