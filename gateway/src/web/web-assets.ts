import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { existsSync, readdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { REMOTE_NAME, type GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG, PINO_LOGGER } from '../tokens.js';
import { remoteDist, shellDist } from './static-paths.js';

/** Where the built front ends are: the shell's dist and each remote's (`mfe-<name>/dist`) under WEB_ROOT. */
@Injectable()
export class WebAssets implements OnModuleInit {
  readonly shell: string;
  private readonly webRoot: string;
  private readonly remoteNames: string[];

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(PINO_LOGGER) private readonly logger: Logger,
  ) {
    this.webRoot = config.gateway.webRoot;
    this.shell = shellDist(this.webRoot);
    this.remoteNames = this.discoverRemotes();
  }

  /** A missing build is not fatal: warn once; `/` answers 503 until the shell is built. */
  onModuleInit() {
    if (!existsSync(join(this.shell, 'index.html'))) {
      this.logger.warn(
        { path: this.shell },
        'the shell is not built: / answers 503 until it is (npm run build)',
      );
    }
    for (const [name, location] of Object.entries(this.config.gateway.remotes)) {
      if (location.startsWith('/') && !existsSync(remoteDist(this.webRoot, name))) {
        this.logger.warn({ remote: name, path: remoteDist(this.webRoot, name) }, 'a remote is not built');
      }
    }
  }

  /** The dist directory of remote `name`, or null for a name that cannot be one. */
  remote(name: string): string | null {
    return REMOTE_NAME.test(name) ? remoteDist(this.webRoot, name) : null;
  }

  /**
   * The dist holding `locales/{lng}/{ns}.json` (relative path already validated), searched in the shell first, then
   * in `mfe-<ns>`, then in every other remote. Null when none has it.
   */
  async findLocale(relativePath: string, ns: string): Promise<string | null> {
    const order = [this.shell];
    if (this.remoteNames.includes(ns)) order.push(remoteDist(this.webRoot, ns));
    for (const name of this.remoteNames) if (name !== ns) order.push(remoteDist(this.webRoot, name));
    for (const dist of order) {
      try {
        if ((await stat(join(dist, relativePath))).isFile()) return dist;
      } catch {
        // not in this one
      }
    }
    return null;
  }

  /** Remote names: the configured ones plus every `mfe-*` directory under WEB_ROOT. */
  private discoverRemotes(): string[] {
    const names = new Set(Object.keys(this.config.gateway.remotes));
    try {
      for (const entry of readdirSync(this.webRoot, { withFileTypes: true })) {
        const name = entry.name.startsWith('mfe-') ? entry.name.slice(4) : null;
        if (name && entry.isDirectory() && REMOTE_NAME.test(name)) names.add(name);
      }
    } catch {
      this.logger.warn({ path: this.webRoot }, 'WEB_ROOT cannot be read');
    }
    return [...names].sort();
  }
}
