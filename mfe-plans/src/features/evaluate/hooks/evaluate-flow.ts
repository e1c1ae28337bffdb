import { PlanLimits, type EvaluationResult, type PlanItem } from '@aba/contracts/api';

/**
 * The one-by-one evaluation (spec §2, §4, §9): the plan's items in random order, one at a time; each answer moves
 * to the next; after the last item, or when the index reaches 6, the flow is completed.
 */
export const FLOW_END_INDEX = PlanLimits.evaluateFlowEndIndex;

export type FlowItem = Pick<PlanItem, 'id' | 'description'>;

export interface FlowState {
  items: readonly FlowItem[];
  /** The item on screen. */
  index: number;
  completed: boolean;
  answers: readonly { itemId: string; result: EvaluationResult }[];
}

export type FlowAction = { type: 'answer'; result: EvaluationResult };

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
export function startFlow(items: readonly FlowItem[], random: () => number = Math.random): FlowState {
  return { items: shuffle(items, random), index: 0, completed: items.length === 0, answers: [] };
}

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  if (state.completed) return state;
  switch (action.type) {
    case 'answer': {
      const item = state.items[state.index];
      const next = state.index + 1;
      return {
        ...state,
        index: next,
        answers: [...state.answers, { itemId: item.id, result: action.result }],
        completed: next >= state.items.length || next >= FLOW_END_INDEX,
      };
    }
  }
}

/** The item on screen, or null once completed. */
export function currentItem(state: FlowState): FlowItem | null {
  return state.completed ? null : (state.items[state.index] ?? null);
}
