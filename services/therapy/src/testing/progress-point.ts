import type { PhaseChange, PointReason, ProgressPoint } from '@aba/contracts/api';

/** A session's score of an item on a local day, as the progress module gives it (trials at noon, Bucharest). */
export function progressPoint(
  date: string,
  yes: number,
  trials: number,
  {
    phase = 'IN_LEARNING',
    reason = 'BELOW_THRESHOLD',
  }: { phase?: ProgressPoint['phase']; reason?: PointReason } = {},
): ProgressPoint {
  return {
    session_id: `session-${date}-${phase}`,
    date,
    started_at: `${date}T10:00:00.000Z`,
    user_id: 'therapist',
    person: 'Ana P.',
    role: 'THERAPIST',
    phase,
    yes,
    trials,
    pct: Math.round((1000 * yes) / trials) / 10,
    qualifying: reason === 'MET',
    reason,
  };
}

/** A status an item took on `day` (09:00 UTC), by hand unless told, with no reason. */
export function phaseChange(
  status: PhaseChange['status'],
  day: string,
  { mode = 'MANUAL', actor = null }: { mode?: PhaseChange['mode']; actor?: string | null } = {},
): PhaseChange {
  return { status, from: `${day}T09:00:00.000Z`, mode, actor, reason: null };
}
