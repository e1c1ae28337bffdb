import type { PlanKind } from './tags.js';

const enc = encodeURIComponent;

/** Front-end paths of this remote (absolute: the shell mounts it under /child/{id}/). */
export const paths = {
  list: (childId: string, kind: PlanKind) => `/child/${enc(childId)}/${kind}/list`,
  create: (childId: string, kind: PlanKind) => `/child/${enc(childId)}/${kind}/create`,
  detail: (childId: string, kind: PlanKind, id: string) => `/child/${enc(childId)}/${kind}/${enc(id)}`,
  edit: (childId: string, kind: PlanKind, id: string) => `/child/${enc(childId)}/${kind}/${enc(id)}/edit`,
  evaluate: (childId: string, planId: string) => `/child/${enc(childId)}/plan/${enc(planId)}/evaluate`,
  itemProgress: (childId: string, itemId: string) => `/child/${enc(childId)}/item/${enc(itemId)}`,
  toConfirm: (childId: string) => `/child/${enc(childId)}/to-confirm`,
};
