import type { MasteryLiveResponse, PhaseChange } from '@aba/contracts/api';
import { PLATFORM_CRITERION, progressOf } from '@aba/mastery';
import { SEQUENCES, summarise, type MasterySequence } from '@aba/mastery/sequences';
import { addTap, liveCountOf, NEXT_SESSION, ruleInputOfLive } from './mastery-live.js';

const ITEM = 'item-1';

/** A plan's live answer for one item, before any of its trials. */
function emptyLive(input: MasterySequence['input']): MasteryLiveResponse {
  return {
    session: { id: null, user_id: 'nobody', person: '', role: 'THERAPIST' },
    time_zone: input.time_zone,
    items: [
      {
        item_id: ITEM,
        criterion: input.criterion,
        phases: input.phases,
        tallies: [],
        sessions: [],
        pending_suggestion: input.pending_suggestion === true,
        streak_reset_at: input.streak_reset_at ?? null,
      },
    ],
  };
}

/**
 * The front-end path against the shared module: every named sequence is scored tap by tap as the scoring screens do
 * (each trial added to the page's data with `addTap`, in the session it was captured in), and the page's progress must
 * be what the module says for the sequence. The services' int-spec replays the same sequences through the server.
 */
describe('the scoring screens replay the named sequences tap by tap', () => {
  it.each(SEQUENCES.map((sequence) => [sequence.name, sequence] as const))('%s', (_name, sequence) => {
    const live = emptyLive(sequence.input);
    const sessions = new Map(sequence.input.sessions.map((session) => [session.id, session]));
    const trials = [...sequence.input.trials].sort(
      (a, b) => Date.parse(a.captured_at) - Date.parse(b.captured_at),
    );
    for (const trial of trials) {
      const session = sessions.get(trial.session_id);
      if (!session) throw new Error(`sequence ${sequence.name}: no session ${trial.session_id}`);
      live.session = session;
      expect(addTap(live, ITEM, trial.result, trial.captured_at)).toBe(true);
    }
    const [item] = live.items;
    for (const language of ['en', 'ro'] as const) {
      const progress = progressOf({ ...ruleInputOfLive(item, live.time_zone), language });
      expect(summarise(progress, sequence)).toEqual(sequence.expected);
    }
    // What the page shows: the streak (no count at all where no rule moves the item on).
    expect(liveCountOf(live, item)?.streak ?? 0).toBe(sequence.expected.streak);
  });
});

describe('liveCountOf: "3/5 trials" and "streak 2/3"', () => {
  const learning: PhaseChange = {
    status: 'IN_LEARNING',
    from: '2026-03-01T08:00:00Z',
    mode: 'MANUAL',
    actor: null,
    reason: null,
  };
  const ana = { user_id: 'ana', person: 'Ana P.', role: 'THERAPIST' as const };
  const live = (): MasteryLiveResponse => ({
    session: { id: null, ...ana },
    time_zone: 'Europe/Bucharest',
    items: [
      {
        item_id: ITEM,
        criterion: PLATFORM_CRITERION,
        phases: [learning],
        tallies: [tally('s1', '2026-03-02T08:00:00Z', 5, 5), tally('s2', '2026-03-03T08:00:00Z', 4, 5)],
        sessions: [
          { id: 's1', ...ana },
          { id: 's2', ...ana },
        ],
        pending_suggestion: false,
        streak_reset_at: null,
      },
    ],
  });
  function tally(session_id: string, at: string, yes: number, trials: number) {
    return { session_id, first_at: at, last_at: at, first_result: 'YES' as const, yes, trials };
  }
  const tap = (data: MasteryLiveResponse, result: 'YES' | 'NO', minute: number) =>
    addTap(data, ITEM, result, `2026-03-04T08:${String(minute).padStart(2, '0')}:00Z`);

  it('counts the taps of a session not opened yet, and the streak of the sessions before', () => {
    const data = live();
    expect(liveCountOf(data, data.items[0])).toEqual({ trials: 0, minimum: 5, streak: 2, needed: 3 });
    tap(data, 'YES', 0);
    tap(data, 'NO', 1);
    tap(data, 'YES', 2);
    expect(data.items[0].tallies.at(-1)).toMatchObject({ session_id: NEXT_SESSION, yes: 2, trials: 3 });
    expect(liveCountOf(data, data.items[0])).toEqual({ trials: 3, minimum: 5, streak: 2, needed: 3 });
  });

  it('counts into the running session; a fifth trial below 80 % breaks the streak, a good one extends it', () => {
    const good = live();
    good.session.id = 's3';
    for (const minute of [0, 1, 2, 3, 4]) tap(good, 'YES', minute);
    expect(liveCountOf(good, good.items[0])).toEqual({ trials: 5, minimum: 5, streak: 3, needed: 3 });

    const poor = live();
    poor.session.id = 's3';
    for (const [minute, result] of (['YES', 'NO', 'NO', 'YES', 'YES'] as const).entries())
      tap(poor, result, minute);
    expect(liveCountOf(poor, poor.items[0])).toEqual({ trials: 5, minimum: 5, streak: 0, needed: 3 });
  });

  it('asks one trial when only the first is scored; counts nothing for a finished item or another plan', () => {
    const data = live();
    data.items[0].criterion = {
      ...PLATFORM_CRITERION,
      to_generalization: { ...PLATFORM_CRITERION.to_generalization, scoring: 'FIRST_TRIAL' },
    };
    expect(liveCountOf(data, data.items[0])?.minimum).toBe(1);
    data.items[0].phases = [learning, { ...learning, status: 'FINISHED', from: '2026-03-03T09:00:00Z' }];
    expect(liveCountOf(data, data.items[0])).toBeNull();
    expect(addTap(data, 'another-item', 'YES', '2026-03-04T08:00:00Z')).toBe(false);
  });
});
