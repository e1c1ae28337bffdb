import type { Plan as PlanDto, PlanStatus } from '@aba/contracts/api';
import { toIso } from '@aba/server-kit';

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
