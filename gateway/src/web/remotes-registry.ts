import { readFileSync, statSync } from 'node:fs';
import type { Logger } from 'pino';
import { remotesJson, type GatewaySettings } from '../config.js';

const RECHECK_MS = 1_000;

/**
 * Where each remote's manifest is, as `/remotes.json` tells the shell. From REMOTES, or — so a remote can be
 * redeployed elsewhere while the gateway runs — from REMOTES_FILE, looked at again at most once a second and re-read
 * when it changes. A bad file is refused (the last good map stays); a missing file means the REMOTES map.
 * The same object is returned until the map changes, so callers can memoise on it (the CSP does).
 */
export class RemotesRegistry {
  private current: Readonly<Record<string, string>>;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private fileVersion: number | null = null;

  constructor(
    private readonly settings: Pick<GatewaySettings, 'remotes' | 'remotesFile'>,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.current = settings.remotes;
  }

  remotes(): Readonly<Record<string, string>> {
    const file = this.settings.remotesFile;
    if (file && this.now() - this.checkedAt >= RECHECK_MS) this.reload(file);
    return this.current;
  }

  private reload(file: string): void {
    this.checkedAt = this.now();
    let version: number;
    try {
      version = statSync(file).mtimeMs;
    } catch {
      if (this.fileVersion !== null) this.logger.info({ file }, 'REMOTES_FILE is gone: back to REMOTES');
      this.fileVersion = null;
      this.current = this.settings.remotes;
      return;
    }
    if (version === this.fileVersion) return;
    this.fileVersion = version;
    const parsed = remotesJson.safeParse(readFileSync(file, 'utf8'));
    if (!parsed.success) {
      this.logger.warn({ file, problem: parsed.error.issues[0]?.message }, 'REMOTES_FILE refused: keeping the last good map');
      return;
    }
    this.current = parsed.data;
    this.logger.info({ file, remotes: parsed.data }, 'remote locations changed');
  }
}
