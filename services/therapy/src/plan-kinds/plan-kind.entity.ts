import { p } from '@mikro-orm/core';
import { PLAN_STATUSES } from '@aba/contracts/api';

/** The columns plans and sub-plans share (spec §3: id, name, description, status), one table each. */
export const planKindProperties = {
  id: p.uuid().primary(),
  /** The child it belongs to (`on delete cascade`). */
  childId: p.uuid(),
  name: p.string().length(100),
  description: p.string().length(2000),
  status: p.enum(PLAN_STATUSES),
  createdAt: p.datetime().onCreate(() => new Date()),
  updatedAt: p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date()),
};
