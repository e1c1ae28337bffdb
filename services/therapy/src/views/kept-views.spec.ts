import { gunzipSync } from 'node:zlib';
import { KeptViews } from './kept-views.js';

describe('views kept by a replica', () => {
  /** A build that counts its calls and answers `json`, or fails with `error`. */
  const builder = (json: string, error?: Error) => {
    const build = async () => {
      build.calls += 1;
      if (error) throw error;
      return json;
    };
    build.calls = 0;
    return build;
  };

  it('answers the kept view while the version stays, and builds again once it has moved', async () => {
    const kept = new KeptViews(4);
    const build = builder('{"a":1}');
    expect((await kept.get('child/item/en', '7', build)).json).toBe('{"a":1}');
    expect((await kept.get('child/item/en', '7', build)).json).toBe('{"a":1}');
    expect(build.calls).toBe(1);
    const rebuilt = builder('{"a":2}');
    expect((await kept.get('child/item/en', '8', rebuilt)).json).toBe('{"a":2}');
    expect(rebuilt.calls).toBe(1);
  });

  it('reads that come while a view is built wait for that build', async () => {
    const kept = new KeptViews(4);
    const build = builder('{}');
    const views = await Promise.all([kept.get('k', '1', build), kept.get('k', '1', build)]);
    expect(views[0]).toBe(views[1]);
    expect(build.calls).toBe(1);
  });

  it('keeps no failed build: the next read builds again', async () => {
    const kept = new KeptViews(4);
    await expect(kept.get('k', '1', builder('', new Error('no such item')))).rejects.toThrow('no such item');
    const build = builder('{}');
    await kept.get('k', '1', build);
    expect(build.calls).toBe(1);
  });

  it('keeps at most its capacity, letting the least recently read go first', async () => {
    const kept = new KeptViews(2);
    const builds = { a: builder('"a"'), b: builder('"b"'), c: builder('"c"') };
    await kept.get('a', '1', builds.a);
    await kept.get('b', '1', builds.b);
    await kept.get('a', '1', builds.a); // a read last
    await kept.get('c', '1', builds.c); // b goes
    await kept.get('a', '1', builds.a);
    await kept.get('b', '1', builds.b);
    expect([builds.a.calls, builds.b.calls, builds.c.calls]).toEqual([1, 2, 1]);
  });

  it('compresses a view once, to the same JSON', async () => {
    const view = await new KeptViews(1).get('k', '1', builder('{"points":[1,2,3]}'));
    const gzipped = await view.gzip();
    expect(await view.gzip()).toBe(gzipped);
    expect(gunzipSync(gzipped).toString()).toBe('{"points":[1,2,3]}');
  });
});
