import type { ServerResponse } from 'node:http';
import { cachePolicy } from './static-paths.js';

interface SendFileError extends Error {
  status?: number;
  statusCode?: number;
  code?: string;
}

/** The part of Express's response the static handlers use (`res.sendFile`: ranges, ETag, conditional GET, HEAD). */
export interface FileResponse extends ServerResponse {
  sendFile(path: string, options: Record<string, unknown>, callback: (error?: SendFileError) => void): void;
}

export type SendOutcome = 'sent' | 'missing' | 'refused';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const MISSING_CODES = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG']);

export interface SendOptions {
  /** Extra response headers (e.g. CORS for remote assets). */
  readonly headers?: Record<string, string>;
}

/**
 * Streams `relativePath` from `root` with the cache policy its name calls for. Resolves 'missing' when there is no
 * such file, 'refused' when `send` rejects the path (traversal, hidden file), 'sent' otherwise.
 */
export function sendFile(
  response: FileResponse,
  root: string,
  relativePath: string,
  options: SendOptions = {},
): Promise<SendOutcome> {
  const cache =
    cachePolicy(relativePath) === 'immutable'
      ? { maxAge: YEAR_MS, immutable: true, headers: { ...options.headers } }
      : { cacheControl: false, headers: { 'Cache-Control': 'no-cache', ...options.headers } };
  return new Promise((resolve, reject) => {
    response.sendFile(relativePath, { root, dotfiles: 'ignore', index: false, ...cache }, (error) => {
      if (!error || response.headersSent) return resolve('sent');
      const status = error.status ?? error.statusCode;
      if (status === 404 || (error.code && MISSING_CODES.has(error.code))) return resolve('missing');
      if (status === 400 || status === 403) return resolve('refused');
      reject(error);
    });
  });
}
