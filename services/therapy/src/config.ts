import { z } from 'zod';
import { loadConfig, loadServiceConfig, type ServiceConfig } from '@aba/server-kit';

/**
 * Therapy's configuration beyond the shared one: the only place of this service that reads the environment.
 * Parsed once at boot; a bad value stops start-up with a message naming the variable.
 */

const perDay = (fallback: number) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1).max(100_000).default(fallback),
  );

/**
 * How many helpers (coordinators and therapists, invited or already registered) one user may add, and one child may
 * receive, in 24 hours: each addition of an unknown address e-mails an invite, so this bounds the mail anyone can make
 * the platform send. Registered addresses count too, so the limit does not tell which addresses have an account.
 */
export const helperAdditionsConfig = z
  .object({
    HELPER_ADDITIONS_PER_USER_PER_DAY: perDay(50),
    HELPER_ADDITIONS_PER_CHILD_PER_DAY: perDay(20),
  })
  .transform((env) => ({
    perUser: env.HELPER_ADDITIONS_PER_USER_PER_DAY,
    perChild: env.HELPER_ADDITIONS_PER_CHILD_PER_DAY,
  }));

export type HelperAdditionLimits = z.infer<typeof helperAdditionsConfig>;

/**
 * Whether the mastery rule runs after each trial (`MASTERY_DECISIONS=on`, the default). `off` stops automatic changes
 * and new suggestions while trials are still saved and the progress call still explains: a switch for operators while
 * a wrong criterion is mended, and the benchmark's baseline for what the rule costs a trial.
 */
export const masteryConfig = z
  .object({ MASTERY_DECISIONS: z.enum(['on', 'off']).default('on') })
  .transform((env) => ({ decisions: env.MASTERY_DECISIONS === 'on' }));

export type MasterySettings = z.infer<typeof masteryConfig>;

/**
 * The 50-minute units of therapy a month may hold before the clinician report warns (`REPORT_MONTHLY_UNITS_LIMIT`):
 * the national health insurance pays at most 2 a day, and each contract sets a monthly ceiling. 44 is 2 a day over
 * 22 working days.
 */
export const reportsConfig = z
  .object({ REPORT_MONTHLY_UNITS_LIMIT: perDay(44) })
  .transform((env) => ({ monthlyUnitsLimit: env.REPORT_MONTHLY_UNITS_LIMIT }));

export type ReportLimits = z.infer<typeof reportsConfig>;

export interface TherapyConfig extends ServiceConfig {
  helperAdditions: HelperAdditionLimits;
  mastery: MasterySettings;
  reports: ReportLimits;
}

/** The shared service configuration extended with therapy's own. */
export function loadTherapyConfig(env: NodeJS.ProcessEnv = process.env): TherapyConfig {
  return {
    ...loadServiceConfig('therapy', env),
    ...loadConfig(
      { helperAdditions: helperAdditionsConfig, mastery: masteryConfig, reports: reportsConfig },
      env,
    ),
  };
}

/** Injection token of the helper addition limits. */
export const HELPER_ADDITION_LIMITS = Symbol('HELPER_ADDITION_LIMITS');
/** Injection token of the mastery settings. */
export const MASTERY_SETTINGS = Symbol('MASTERY_SETTINGS');
/** Injection token of the report settings. */
export const REPORT_LIMITS = Symbol('REPORT_LIMITS');
