import type {
  Evaluation,
  EvaluationResult,
  ItemStatus,
  Plan as PlanDto,
  PlanItem,
  PlanStatus,
} from '@aba/contracts/api';
import { toIso } from '../sql-rows.js';

export interface PlanRow {
  id: string;
  childId?: string;
  child_id?: string;
  name: string;
  description: string;
  status: PlanStatus;
  createdAt?: Date | string;
  created_at?: Date | string;
}

/** A plan or sub-plan, from an entity or a raw row. */
export function toPlanDto(row: PlanRow): PlanDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    child_id: (row.childId ?? row.child_id)!,
    created_at: toIso((row.createdAt ?? row.created_at)!),
  };
}

/** An item as the SQL statements read it. */
export interface ItemRow {
  id: string;
  description: string;
  status: ItemStatus;
  sub_plan_id: string;
  created_at: Date | string;
}

export function toItemDto(row: ItemRow): PlanItem {
  return {
    id: row.id,
    description: row.description,
    status: row.status,
    sub_plan_id: row.sub_plan_id,
    created_at: toIso(row.created_at),
  };
}

/** An evaluation row joined with its author in `directory_user` (names null when the author is unknown). */
export interface EvaluationRow {
  id: string;
  result: EvaluationResult;
  created_at: Date | string;
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
    date: toIso(row.created_at),
    user_id: row.user_id,
    user_first_name: row.first_name ?? '',
    user_last_name: row.last_name ?? '',
    item_id: row.item_id,
    plan_id: row.plan_id,
  };
}

/** Columns of an `EvaluationRow` from `e` (evaluation) and `u` (directory_user). */
export const EVALUATION_COLUMNS = `e."id", e."result", e."created_at", e."user_id", e."item_id", e."plan_id",
  u."first_name", u."last_name"`;
