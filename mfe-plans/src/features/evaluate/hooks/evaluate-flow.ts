import { PlanLimits, type Evaluation, type EvaluationResult, type PlanItem } from '@aba/contracts/api';

/**
 * The one-by-one evaluation (spec §2, §4, §9): the plan's items in random order, one at a time; each SAVED answer moves
 * to the next; after the last item, or when the index reaches 6, the flow is completed. Issue 13: an answer the server
 * did not save keeps its item on screen (points 1), a tap on an item that has been on screen for less than
 * `SETTLE_MS` is ignored, so a double tap cannot answer an item nobody saw (point 2), and Undo takes the last answer
 * back and asks its item again.
 */
export const FLOW_END_INDEX = PlanLimits.evaluateFlowEndIndex;

/** How long an item is on screen before a tap counts. */
export const SETTLE_MS = 300;

export type FlowItem = Pick<PlanItem, 'id' | 'description'>;

export interface FlowAnswer {
  itemId: string;
  result: EvaluationResult;
  evaluationId: string;
}

export interface FlowState {
  items: readonly FlowItem[];
  /** The item on screen. */
  index: number;
  completed: boolean;
  /** The saved answers, in order. */
  answers: readonly FlowAnswer[];
  /** When the item on screen appeared (ms since the epoch). */
  shownAt: number;
  /** The answer being saved, if any: the item stays until the server answers. */
  saving: EvaluationResult | null;
}

export type FlowAction =
  | { type: 'answer'; result: EvaluationResult; now: number }
  | { type: 'saved'; evaluation: Evaluation; now: number }
  | { type: 'unsaved' }
  | { type: 'undone'; itemId: string; now: number };

/**
 * What the flow asks: the plan's items except the FINISHED ones (mastered and generalised; maintenance probes are not
 * part of this flow, ADR 0011), and how many were left out, which the screen says.
 */
export function evaluableItems<I extends Pick<PlanItem, 'status'>>(
  items: readonly I[],
): { items: I[]; finished: number } {
  const asked = items.filter((item) => item.status !== 'FINISHED');
  return { items: asked, finished: items.length - asked.length };
}

/** Fisher–Yates with an injectable source of randomness in [0, 1). */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** How many items the flow shows: all of them, at most 6. */
export function flowLength(itemCount: number): number {
  return Math.min(itemCount, FLOW_END_INDEX);
}

/** A new flow over `items` in random order (completed at once when there is nothing to evaluate). */
export function startFlow(
  items: readonly FlowItem[],
  random: () => number = Math.random,
  now: number = Date.now(),
): FlowState {
  return {
    items: shuffle(items, random),
    index: 0,
    completed: items.length === 0,
    answers: [],
    shownAt: now,
    saving: null,
  };
}

/** Whether a tap at `now` answers the item on screen: not while one is being saved, nor before it settled. */
export function canAnswer(state: FlowState, now: number): boolean {
  return !state.completed && state.saving === null && now - state.shownAt >= SETTLE_MS;
}

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'answer':
      return canAnswer(state, action.now) ? { ...state, saving: action.result } : state;
    case 'saved': {
      if (state.saving === null || state.completed) return state;
      const item = state.items[state.index];
      const next = state.index + 1;
      return {
        ...state,
        index: next,
        answers: [
          ...state.answers,
          { itemId: item.id, result: action.evaluation.result, evaluationId: action.evaluation.id },
        ],
        completed: next >= state.items.length || next >= FLOW_END_INDEX,
        shownAt: action.now,
        saving: null,
      };
    }
    case 'unsaved':
      return state.saving === null ? state : { ...state, saving: null };
    case 'undone': {
      const last = state.answers[state.answers.length - 1];
      if (!last || last.itemId !== action.itemId) return state;
      return {
        ...state,
        index: state.index - 1,
        answers: state.answers.slice(0, -1),
        completed: false,
        shownAt: action.now,
        saving: null,
      };
    }
  }
}

/** The item on screen, or null once completed. */
export function currentItem(state: FlowState): FlowItem | null {
  return state.completed ? null : (state.items[state.index] ?? null);
}

/** The run's summary: how many Yes and No were saved. */
export function flowSummary(state: FlowState): { yes: number; no: number } {
  const yes = state.answers.filter((answer) => answer.result === 'YES').length;
  return { yes, no: state.answers.length - yes };
}
