import type { Evaluation, EvaluationResult } from '@aba/contracts/api';
import { useCallback, useReducer, useRef } from 'react';
import { answersReducer, type Answer } from './answers.js';

/**
 * The Evaluate column's answers. Answering again after a redo replaces the earlier answer: the new evaluation
 * is recorded, then the earlier one (made in this view, by this user) is deleted.
 */
export function useAnswers(
  evaluate: (itemId: string, result: EvaluationResult) => Promise<Evaluation | null>,
  deleteEvaluation: (evaluation: Evaluation) => Promise<boolean>,
) {
  const [answers, dispatch] = useReducer(answersReducer, {});
  const latest = useRef(answers);
  latest.current = answers;

  const answer = useCallback(
    async (itemId: string, result: EvaluationResult) => {
      const previous: Answer | null = latest.current[itemId] ?? null;
      dispatch({ type: 'answered', itemId, result });
      const made = await evaluate(itemId, result);
      if (!made) {
        dispatch({ type: 'refused', itemId, previous });
        return;
      }
      dispatch({ type: 'recorded', itemId, evaluation: made });
      if (previous?.evaluation) await deleteEvaluation(previous.evaluation);
    },
    [evaluate, deleteEvaluation],
  );
  return { answers, answer };
}
