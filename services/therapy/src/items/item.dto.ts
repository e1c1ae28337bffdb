import type { ItemStatus, PlanItem } from '@aba/contracts/api';
import { toIso } from '@aba/server-kit';

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
