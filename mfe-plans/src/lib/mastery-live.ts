import type { EvaluationResult, MasteryLiveItem, MasteryLiveResponse } from '@aba/contracts/api';
import { addTrial, currentStreakOf } from '@aba/mastery';

/**
 * What the scoring screens count while trials are scored (issue 15): per item "3/5 trials" in the caller's session and,
 * after a qualifying session, "streak 2/3". The server answers each item's current phase counted per session
 * (`GET …/mastery-live`); a tap is added here at once (`addTap`), before the server has it, and `@aba/mastery` counts
 * the streak, as on the server.
 */

/** The session a tap goes into when none is running: the server opens it with the tap, and the next read names it. */
export const NEXT_SESSION = 'next-session';

/** The id the caller's taps are counted under. */
export const tapSessionOf = (live: MasteryLiveResponse): string => live.session.id ?? NEXT_SESSION;

/**
 * `live` with one more trial of `itemId`, captured at `capturedAt` in the caller's session (changes the draft in
 * place: RTK Query hands an Immer draft, the tests plain objects). Whether the item is one of the plan's open items.
 */
export function addTap(
  live: MasteryLiveResponse,
  itemId: string,
  result: EvaluationResult,
  capturedAt: string,
): boolean {
  const item = live.items.find((candidate) => candidate.item_id === itemId);
  if (!item) return false;
  const sessionId = tapSessionOf(live);
  item.tallies = addTrial(
    item.tallies,
    { id: `${sessionId} ${capturedAt}`, session_id: sessionId, captured_at: capturedAt, result },
    item.phases,
  );
  if (!item.sessions.some((session) => session.id === sessionId))
    item.sessions.push({ ...live.session, id: sessionId });
  return true;
}

/** What the module reads of an item's live data: its current phase's sessions, as the server counts them. */
export const ruleInputOfLive = (item: MasteryLiveItem, timeZone: string) => ({
  phases: item.phases,
  tallies: item.tallies,
  sessions: item.sessions,
  criterion: item.criterion,
  time_zone: timeZone,
  pending_suggestion: item.pending_suggestion,
  streak_reset_at: item.streak_reset_at,
});

export interface LiveCount {
  /** The caller's trials of the item in their session. */
  trials: number;
  /** The trials a session needs to count (1 when only the first trial is scored). */
  minimum: number;
  /** Qualifying sessions in a row in the current phase, and how many the rule asks. */
  streak: number;
  needed: number;
}

/** The item's live count, or null when no rule moves it on (FINISHED). */
export function liveCountOf(live: MasteryLiveResponse, item: MasteryLiveItem): LiveCount | null {
  const { rule, streak, needed } = currentStreakOf(ruleInputOfLive(item, live.time_zone));
  if (!rule) return null;
  const sessionId = tapSessionOf(live);
  const trials = item.tallies
    .filter((tally) => tally.session_id === sessionId)
    .reduce((sum, tally) => sum + tally.trials, 0);
  return {
    trials,
    minimum: rule.scoring === 'FIRST_TRIAL' ? 1 : rule.min_trials,
    streak,
    needed,
  };
}

export const NO_LIVE_COUNTS: ReadonlyMap<string, LiveCount> = new Map();

/** Every open item's live count, by item id. */
export function liveCountsOf(live: MasteryLiveResponse): ReadonlyMap<string, LiveCount> {
  const counts = new Map<string, LiveCount>();
  for (const item of live.items) {
    const count = liveCountOf(live, item);
    if (count) counts.set(item.item_id, count);
  }
  return counts;
}
