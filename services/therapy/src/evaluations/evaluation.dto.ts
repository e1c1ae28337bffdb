import type { Evaluation, EvaluationResult } from '@aba/contracts/api';
import { toIso } from '@aba/server-kit';

/** An evaluation row joined with its author in `directory_user` (names null when the author is unknown). */
export interface EvaluationRow {
  id: string;
  result: EvaluationResult;
  /** When it was scored on the device: an evaluation's `date`. */
  captured_at: Date | string;
  user_id: string;
  item_id: string;
  plan_id: string | null;
  first_name: string | null;
  last_name: string | null;
}

export function toEvaluationDto(row: EvaluationRow): Evaluation {
  return {
    id: row.id,
    result: row.result,
    date: toIso(row.captured_at),
    user_id: row.user_id,
    user_first_name: row.first_name ?? '',
    user_last_name: row.last_name ?? '',
    item_id: row.item_id,
    plan_id: row.plan_id,
  };
}
