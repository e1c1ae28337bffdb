import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { DEFAULT_REMOTES } from '../config.js';
import { createGateway } from '../gateway.js';
import { testConfig } from '../testing/gateway-config.js';
import { RemotesRegistry } from './remotes-registry.js';

describe('remote locations that can change while the gateway runs (REMOTES_FILE)', () => {
  let dir: string;
  let file: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gateway-remotes-'));
    file = join(dir, 'remotes.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Writes the file with a distinct modification time (file systems may round mtimes). */
  function write(content: string, second: number) {
    writeFileSync(file, content);
    utimesSync(file, second, second);
  }

  it('follows the file, refuses a bad one, and falls back to REMOTES when it is gone', () => {
    let now = 0;
    const registry = new RemotesRegistry({ remotes: DEFAULT_REMOTES, remotesFile: file }, pino({ level: 'silent' }), () => now);
    expect(registry.remotes()).toBe(DEFAULT_REMOTES);

    const moved = { ...DEFAULT_REMOTES, billing: 'https://billing.example.com/mf-manifest.json' };
    write(JSON.stringify(moved), 1_000);
    now += 1_000;
    expect(registry.remotes()).toEqual(moved);
    const same = registry.remotes();
    expect(registry.remotes()).toBe(same);

    write('{"billing": "ftp://nope"}', 2_000);
    now += 1_000;
    expect(registry.remotes()).toEqual(moved);

    rmSync(file);
    now += 1_000;
    expect(registry.remotes()).toBe(DEFAULT_REMOTES);
  });

  it('serves the new map in /remotes.json and lets the CSP reach the new host', async () => {
    const app: NestExpressApplication = await createGateway(testConfig({ WEB_ROOT: dir, REMOTES_FILE: file }));
    await app.listen(0, '127.0.0.1');
    try {
      const url = await app.getUrl();
      const before = await request(url).get('/remotes.json').expect(200);
      expect(before.body).toEqual(DEFAULT_REMOTES);
      expect(before.headers['content-security-policy']).not.toContain('billing.example.com');

      write(JSON.stringify({ ...DEFAULT_REMOTES, billing: 'https://billing.example.com/v2/mf-manifest.json' }), 5_000);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const after = await request(url).get('/remotes.json').expect(200);
      expect(after.body.billing).toBe('https://billing.example.com/v2/mf-manifest.json');
      expect(after.headers['content-security-policy']).toContain('https://billing.example.com');
    } finally {
      await app.close();
    }
  });
});
