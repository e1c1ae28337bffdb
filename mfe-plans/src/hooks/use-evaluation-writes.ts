import type { Evaluation, EvaluationResult } from '@aba/contracts/api';
import { useLicenceRedirectHandler, useSession } from '@aba/web-kit';
import { useCallback, useMemo, useState } from 'react';
import { useCreateItemEvaluationMutation } from '../api/create-evaluation.js';
import { useDeleteItemEvaluationMutation } from '../api/delete-evaluation.js';
import { isOptimistic } from '../lib/optimistic.js';

/**
 * Evaluating and deleting evaluations from a page: optimistic writes (the detailed views change at once), a
 * refused write rolls back and leaves its error here for the page's red alert; a missing licence goes to billing.
 * With `planId`, evaluations are recorded through the plan path.
 */
export function useEvaluationWrites(childId: string, planId?: string) {
  const [create] = useCreateItemEvaluationMutation();
  const [remove] = useDeleteItemEvaluationMutation();
  const [error, setError] = useState<unknown>(null);
  const redirectIfUnlicensed = useLicenceRedirectHandler();
  const session = useSession();
  const user = useMemo(
    () =>
      session.user
        ? { id: session.user.id, first_name: session.user.first_name, last_name: session.user.last_name }
        : null,
    [session.user],
  );

  const fail = useCallback(
    (failure: unknown) => {
      if (!redirectIfUnlicensed(failure)) setError(failure);
    },
    [redirectIfUnlicensed],
  );

  /** Records `result`; resolves to the server's evaluation, or null when refused. */
  const evaluate = useCallback(
    async (itemId: string, result: EvaluationResult): Promise<Evaluation | null> => {
      setError(null);
      try {
        return await create({ itemId, result, childId, planId, user }).unwrap();
      } catch (failure) {
        fail(failure);
        return null;
      }
    },
    [create, childId, planId, user, fail],
  );

  const deleteEvaluation = useCallback(
    async (evaluation: Evaluation): Promise<boolean> => {
      if (isOptimistic(evaluation)) return false;
      setError(null);
      try {
        await remove({ evaluationId: evaluation.id, itemId: evaluation.item_id, childId }).unwrap();
        return true;
      } catch (failure) {
        fail(failure);
        return false;
      }
    },
    [remove, childId, fail],
  );

  const clearError = useCallback(() => setError(null), []);
  return { evaluate, deleteEvaluation, error, clearError };
}
