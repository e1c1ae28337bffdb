import { requestIdFrom } from './logger.js';

describe('requestIdFrom', () => {
  it('keeps a sane request id', () => {
    expect(requestIdFrom('0b8f8a4e-3c1a-4a54-9d43-7f1f0f0c2b11')).toBe('0b8f8a4e-3c1a-4a54-9d43-7f1f0f0c2b11');
    expect(requestIdFrom(['req-1', 'req-2'])).toBe('req-1');
  });

  it('replaces a missing, oversized or log-injecting one', () => {
    for (const bad of [undefined, '', 'x'.repeat(129), 'id\n{"level":60}', 'a b']) {
      expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
