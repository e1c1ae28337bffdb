import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isStrongPassword, normaliseEmail } from '@aba/contracts/api';
import {
  loadConfig,
  loadServiceConfig,
  optionalSetting,
  urlSetting,
  type ServiceConfig,
} from '@aba/server-kit';

/**
 * Identity's configuration: the only place of this service that reads the environment.
 * Parsed once at boot; a bad value stops start-up with a message naming the variable.
 */

/** The repository root, from this file's own location (src/config.ts and dist/config.js sit at the same depth). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const DEFAULT_MAIL_DIR = `${REPO_ROOT}.data/mail`;
export const DEFAULT_PUBLIC_URL = 'http://localhost:8080';
export const DEFAULT_MAIL_FROM = 'ABA Tracker <no-reply@localhost>';
export const DEFAULT_THERAPY_URL = 'http://127.0.0.1:3002';
export const DEFAULT_BILLING_URL = 'http://127.0.0.1:3003';

/** An http or https base URL, without a query or fragment. */
const httpUrl = urlSetting(['http:', 'https:'], (url) => !url.search && !url.hash);

export const identityConfigSchema = z
  .object({
    PUBLIC_URL: httpUrl.default(DEFAULT_PUBLIC_URL),
    THERAPY_URL: httpUrl.default(DEFAULT_THERAPY_URL),
    BILLING_URL: httpUrl.default(DEFAULT_BILLING_URL),
    SMTP_URL: optionalSetting(urlSetting(['smtp:', 'smtps:'])),
    MAIL_FROM: optionalSetting(z.string().min(3).max(320)),
    MAIL_DIR: optionalSetting(z.string().min(1)),
    ADMIN_EMAIL: optionalSetting(
      z.string().transform(normaliseEmail).pipe(z.email('must be an e-mail address')),
    ),
    ADMIN_PASSWORD: optionalSetting(z.string()),
  })
  .superRefine((env, context) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      context.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'set both ADMIN_EMAIL and ADMIN_PASSWORD or neither',
      });
    }
    if (env.ADMIN_PASSWORD && !isStrongPassword(env.ADMIN_PASSWORD)) {
      context.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'must have 10 to 200 characters, with at least one letter and one digit',
      });
    }
  })
  .transform((env) => {
    const publicUrl = env.PUBLIC_URL.replace(/\/+$/, '');
    return {
      /** Where links in e-mails point (the gateway's public address). */
      publicUrl,
      /** Session cookies carry `Secure` when the app is served over https. */
      secureCookies: new URL(publicUrl).protocol === 'https:',
      mail: {
        /** SMTP server; without it each message is written to `dir` as an .eml file. */
        smtpUrl: env.SMTP_URL ?? null,
        from: env.MAIL_FROM ?? DEFAULT_MAIL_FROM,
        dir: env.MAIL_DIR ?? DEFAULT_MAIL_DIR,
      },
      /** Where therapy and billing answer their parts of an account export (ADR 0048). */
      services: {
        therapy: env.THERAPY_URL.replace(/\/+$/, ''),
        billing: env.BILLING_URL.replace(/\/+$/, ''),
      },
      /** The ADMIN created at start-up when no user has this e-mail. */
      admin:
        env.ADMIN_EMAIL && env.ADMIN_PASSWORD
          ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
          : null,
    };
  });

export type IdentitySettings = z.infer<typeof identityConfigSchema>;

export interface IdentityConfig extends ServiceConfig {
  identity: IdentitySettings;
}

/** The shared service configuration extended with identity's own. */
export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  return { ...loadServiceConfig('identity', env), ...loadConfig({ identity: identityConfigSchema }, env) };
}

/** Injection token of the identity settings. */
export const IDENTITY_SETTINGS = Symbol('IDENTITY_SETTINGS');
