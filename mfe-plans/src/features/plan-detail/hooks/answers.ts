import type { Evaluation, EvaluationResult } from '@aba/contracts/api';

/** An answer given in the plan view: shown with a redo button; `evaluation` once the server recorded it. */
export interface Answer {
  result: EvaluationResult;
  evaluation: Evaluation | null;
}

export type Answers = Readonly<Record<string, Answer>>;

export type AnswersAction =
  | { type: 'answered'; itemId: string; result: EvaluationResult }
  | { type: 'recorded'; itemId: string; evaluation: Evaluation }
  | { type: 'refused'; itemId: string; previous: Answer | null };

/** The answers of the plan view, by item: answered (pending), recorded, refused (back to what was there). */
export function answersReducer(state: Answers, action: AnswersAction): Answers {
  switch (action.type) {
    case 'answered':
      return { ...state, [action.itemId]: { result: action.result, evaluation: null } };
    case 'recorded':
      return {
        ...state,
        [action.itemId]: { result: action.evaluation.result, evaluation: action.evaluation },
      };
    case 'refused': {
      const { [action.itemId]: _dropped, ...rest } = state;
      return action.previous ? { ...rest, [action.itemId]: action.previous } : rest;
    }
  }
}
