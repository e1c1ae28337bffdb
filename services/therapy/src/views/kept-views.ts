import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipOf = promisify(gzip);

/** A view as built: its JSON text, and the same gzip-compressed, made once (off the event loop) if asked for. */
export class BuiltView {
  private gzipped?: Promise<Buffer>;

  constructor(readonly json: string) {}

  gzip(): Promise<Buffer> {
    this.gzipped ??= gzipOf(this.json);
    return this.gzipped;
  }
}

/**
 * A view being built or built, and the child's view version read before (`viewVersion`): the reads that come while
 * it is built wait for it rather than build it again; a build that fails is not kept.
 */
interface KeptView {
  readonly version: string;
  readonly view: Promise<BuiltView>;
}

/**
 * Views a replica keeps by key, each with the child's view version read before it was built (ADR 0060): while the
 * version stays, no write it shows has committed since, on any replica or in SQL, and the kept text is what a build
 * would give. A version read before the build may be older than what the build saw: the next read then finds it moved
 * and builds again, never the other way round. At most `capacity` views; the least recently read goes first.
 */
export class KeptViews {
  private readonly kept = new Map<string, KeptView>();

  constructor(private readonly capacity: number) {}

  /** The version the view kept under `key` was built at (or is being built at), if one is kept. */
  versionOf(key: string): string | undefined {
    return this.kept.get(key)?.version;
  }

  /** The view kept under `key` if it was built at `version`; else `build`'s JSON text, kept with `version`. */
  get(key: string, version: string, build: () => Promise<string>): Promise<BuiltView> {
    const kept = this.kept.get(key);
    this.kept.delete(key);
    if (kept?.version === version) {
      this.kept.set(key, kept);
      return kept.view;
    }
    const view = build().then((json) => new BuiltView(json));
    this.kept.set(key, { version, view });
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= this.capacity) break;
      this.kept.delete(oldest);
    }
    view.catch(() => {
      if (this.kept.get(key)?.view === view) this.kept.delete(key);
    });
    return view;
  }
}
