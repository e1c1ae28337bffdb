import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ConcurrencyLimit } from './concurrency-limit.js';

/**
 * Password hashing: argon2id with Node's built-in `crypto.argon2` (OWASP's minimum: 19 MiB, 2 passes, 1 lane),
 * stored as a PHC string `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` (unpadded base64).
 */
export const ARGON2_PARAMS = { memory: 19_456, passes: 2, parallelism: 1 } as const;
const SALT_BYTES = 16;
const HASH_BYTES = 32;
const VERSION = 19;

/** Stored parameters are bounded so a tampered row cannot make a verification run for minutes. */
const LIMITS = { memory: [8, 262_144], passes: [1, 10], parallelism: [1, 16] } as const;

interface Argon2Params {
  memory: number;
  passes: number;
  parallelism: number;
}

/**
 * Hashes run one fewer at a time than there are cores: a burst of logins (a clinic's morning) then waits its turn
 * instead of taking every core, and the service keeps answering session checks, which the gateway allows 3 s.
 */
const hashing = new ConcurrencyLimit(Math.max(1, availableParallelism() - 1));

function derive(password: string, salt: Buffer, params: Argon2Params, tagLength: number): Promise<Buffer> {
  return hashing.run(
    () =>
      new Promise((resolve, reject) => {
        argon2('argon2id', { message: password, nonce: salt, tagLength, ...params }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, ARGON2_PARAMS, HASH_BYTES);
  const { memory: m, passes: t, parallelism: p } = ARGON2_PARAMS;
  return `$argon2id$v=${VERSION}$m=${m},t=${t},p=${p}$${b64(salt)}$${b64(hash)}`;
}

const PHC = /^\$argon2id\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

interface ParsedHash {
  params: Argon2Params;
  salt: Buffer;
  hash: Buffer;
}

export function parsePasswordHash(stored: string): ParsedHash | null {
  const match = PHC.exec(stored);
  if (!match || Number(match[1]) !== VERSION) return null;
  const params = { memory: Number(match[2]), passes: Number(match[3]), parallelism: Number(match[4]) };
  for (const key of Object.keys(LIMITS) as (keyof Argon2Params)[]) {
    const [min, max] = LIMITS[key];
    if (params[key] < min || params[key] > max) return null;
  }
  const salt = Buffer.from(match[5], 'base64');
  const hash = Buffer.from(match[6], 'base64');
  if (salt.length < 8 || hash.length < 16) return null;
  return { params, salt, hash };
}

/** True when `password` matches the stored PHC string; false for a mismatch or an unreadable hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed.params, parsed.hash.length);
  return timingSafeEqual(candidate, parsed.hash);
}
