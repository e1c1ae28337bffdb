import { Zip, ZipPassThrough } from 'fflate';
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';

const deflateRawAsync = promisify(deflateRaw);

/** The answer's connection closed before the ZIP was written (the caller went away). */
export class OutputClosed extends Error {
  constructor() {
    super('The output closed before the export was written');
  }
}

/**
 * A file of a ZIP, deflated by Node's zlib on its thread pool (ADR 0051): fflate's own deflate, in JavaScript, took
 * most of an export's time. Each piece is compressed on its own and flushed (`Z_SYNC_FLUSH`), the last one finished:
 * pieces of one DEFLATE stream that follow each other, as the ZIP's file wants them. Pieces are handed on in order.
 */
export class ZipFile extends ZipPassThrough implements FileSink {
  private written: Promise<void> = Promise.resolve();
  private failure: Error | null = null;

  /** `level`: zlib's, 1 (fastest) to 9; 0 stores the bytes as they are. */
  constructor(
    name: string,
    private readonly level: number,
  ) {
    super(name);
    this.crc = 0;
    this.compression = level > 0 ? 8 : 0;
  }

  override push(chunk: Uint8Array, final = false): void {
    this.crc = crc32(chunk, this.crc);
    this.size += chunk.length;
    this.process(chunk as Uint8Array<ArrayBuffer>, final);
  }

  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    this.written = this.written.then(async () => {
      if (this.failure) return;
      try {
        const out = this.level
          ? await deflateRawAsync(chunk, {
              level: this.level,
              finishFlush: final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
            })
          : chunk;
        this.ondata(null, out, final);
      } catch (error) {
        this.failure = error as Error;
      }
    });
  }

  /** Resolves once every piece pushed so far is compressed and handed on; rejects if one could not be. */
  async settled(): Promise<void> {
    await this.written;
    if (this.failure) throw this.failure;
  }
}

/**
 * Lets one batch be compressed (on zlib's threads) while the next is read and written: `after` resolves once what
 * was pushed before the batch it is given is handed on; `all` once everything is.
 */
export class OneBatchAhead {
  private previous: Promise<void> = Promise.resolve();

  async after(settled: Promise<void>): Promise<void> {
    const previous = this.previous;
    this.previous = settled;
    // Awaited by the next `after` or `all`; until then its failure must not count as unhandled.
    settled.catch(() => undefined);
    await previous;
  }

  all(): Promise<void> {
    return this.previous;
  }
}

/** Where a file's bytes go, in order (`final` with the last piece), and when they have gone. */
export interface FileSink {
  push(chunk: Uint8Array, final?: boolean): void;
  settled(): Promise<void>;
}

/**
 * A ZIP whose files are written as they come, one after the other, to `onChunk` (fflate's streaming `Zip`): nothing
 * is held whole in memory.
 */
export class StreamingZip {
  private readonly zip: Zip;

  constructor(
    onChunk: (chunk: Uint8Array, final: boolean) => void,
    private readonly madeAt: Date,
    onError: (error: Error) => void,
  ) {
    this.zip = new Zip((error, chunk, final) => (error ? onError(error) : onChunk(chunk, final)));
  }

  /**
   * A new file of the ZIP, deflated at `level` (zlib's 6 unless told), or stored as it is with 0 (for what is
   * compressed already: an XLSX is a ZIP).
   */
  file(name: string, { level = 6 }: { level?: number } = {}): ZipFile {
    const file = new ZipFile(name, level);
    file.mtime = this.madeAt;
    this.zip.add(file);
    return file;
  }

  end(): void {
    this.zip.end();
  }
}

/**
 * A `StreamingZip` written to `out`: the writer waits for `drained` between batches, so a slow reader slows the export
 * instead of filling memory.
 */
export class StreamedZip extends StreamingZip {
  constructor(
    private readonly out: Writable,
    madeAt: Date,
  ) {
    super(
      (chunk, final) => {
        if (!out.destroyed) out.write(chunk);
        if (final) out.end();
      },
      madeAt,
      (error) => out.destroy(error),
    );
  }

  /** Resolves once `out` has room again; rejects with `OutputClosed` if it closed. */
  async drained(): Promise<void> {
    if (this.out.destroyed || this.out.writableEnded) throw new OutputClosed();
    if (!this.out.writableNeedDrain) return;
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        this.out.off('drain', onDrain);
        this.out.off('close', onClose);
        if (error) reject(error);
        else resolve();
      };
      const onDrain = () => done();
      const onClose = () => done(new OutputClosed());
      this.out.on('drain', onDrain);
      this.out.on('close', onClose);
    });
  }
}
