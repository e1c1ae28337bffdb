import type { Evaluation, EvaluationResult } from '@aba/contracts/api';
import { useLicenceRedirectHandler, useSession } from '@aba/web-kit';
import type { DeviceCapture } from '@aba/web-kit/capture';
import { useCallback, useMemo } from 'react';
import { useCreateItemEvaluationMutation } from './api/create-evaluation.js';
import { useDeleteItemEvaluationMutation } from './api/delete-evaluation.js';
import { useSetEvaluationResultMutation } from './api/set-evaluation-result.js';

/** What a write came to: done (with the server's answer), or refused (with its error; a missing licence redirects). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * The evaluation writes of a page: record (through the plan with `planId`), correct (the redo) and delete; a record or
 * correction answers the evaluation and what the mastery rule did after it. Each is optimistic (every cached detailed view changes at once and changes back when refused) and resolves to its outcome,
 * so the caller says in place what was and was not saved; a missing licence goes to billing.
 */
export function useEvaluationWrites(childId: string, planId?: string) {
  const [create] = useCreateItemEvaluationMutation();
  const [setResult] = useSetEvaluationResultMutation();
  const [remove] = useDeleteItemEvaluationMutation();
  const redirectIfUnlicensed = useLicenceRedirectHandler();
  const session = useSession();
  const user = useMemo(
    () =>
      session.user
        ? { id: session.user.id, first_name: session.user.first_name, last_name: session.user.last_name }
        : null,
    [session.user],
  );

  const settle = useCallback(
    async <T>(write: () => Promise<T>): Promise<Outcome<T>> => {
      try {
        return { ok: true, value: await write() };
      } catch (error) {
        redirectIfUnlicensed(error);
        return { ok: false, error };
      }
    },
    [redirectIfUnlicensed],
  );

  const record = useCallback(
    (itemId: string, result: EvaluationResult, capture: DeviceCapture) =>
      settle(() => create({ itemId, result, childId, planId, user, capture }).unwrap()),
    [settle, create, childId, planId, user],
  );

  const correct = useCallback(
    (evaluation: Evaluation, result: EvaluationResult) =>
      settle(() =>
        setResult({ evaluationId: evaluation.id, itemId: evaluation.item_id, childId, result }).unwrap(),
      ),
    [settle, setResult, childId],
  );

  const deleteEvaluation = useCallback(
    (evaluation: Evaluation) =>
      settle(() => remove({ evaluationId: evaluation.id, itemId: evaluation.item_id, childId }).unwrap()),
    [settle, remove, childId],
  );

  return { record, correct, deleteEvaluation };
}
