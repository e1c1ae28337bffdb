import { Writable } from 'node:stream';
import { Logger } from '@nestjs/common';
import pino from 'pino';
import { PinoNestLogger, requestIdFrom } from './logger.js';

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

describe('PinoNestLogger', () => {
  function capture() {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    return { lines, adapter: new PinoNestLogger(pino({ level: 'trace' }, sink)) };
  }

  it('keeps the text of a structured warning from a Logger with a context', async () => {
    const { lines, adapter } = capture();
    Logger.overrideLogger(adapter);
    new Logger('OutboxRelay').warn({ stream: 'billing' }, 'Outbox relay cannot publish');
    new Logger('Runner').log('plain message');
    await new Promise((done) => setImmediate(done));
    expect(lines).toEqual([
      expect.objectContaining({ context: 'OutboxRelay', stream: 'billing', msg: 'Outbox relay cannot publish' }),
      expect.objectContaining({ context: 'Runner', msg: 'plain message' }),
    ]);
  });
});
