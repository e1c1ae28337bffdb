import { captureNow, newRecordId } from './device-capture.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newRecordId', () => {
  it('makes v4 UUIDs without randomUUID too (a page served over plain http), each one new', () => {
    const insecure = { getRandomValues: crypto.getRandomValues.bind(crypto) };
    const ids = Array.from({ length: 200 }, () => newRecordId(insecure));
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("uses the browser's randomUUID where it has one", () => {
    const secure = {
      getRandomValues: crypto.getRandomValues.bind(crypto),
      randomUUID: () => '0b6b2a58-6c1e-4d3a-9f55-6f1d2a7c9e10' as const,
    };
    expect(newRecordId(secure)).toBe('0b6b2a58-6c1e-4d3a-9f55-6f1d2a7c9e10');
  });
});

describe('captureNow', () => {
  it('names the capture and keeps its time', () => {
    const capture = captureNow(new Date('2026-11-26T08:30:00.000Z'));
    expect(capture).toEqual({ id: expect.stringMatching(UUID_V4), captured_at: '2026-11-26T08:30:00.000Z' });
  });
});
