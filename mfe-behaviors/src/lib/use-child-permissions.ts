import { mayOnChild, type Child, type ChildRelation } from '@aba/contracts/api';
import { useCurrentChild } from '@aba/web-kit';
import { useChildQuery } from './child-api.js';

export interface ChildPermissions {
  relation: ChildRelation | null;
  /** Create and delete behaviours. */
  canEdit: boolean;
  /** Log behaviours and ABC entries (therapists too). */
  canEvaluate: boolean;
}

/**
 * What the caller may do on the child, to hide controls (the server enforces it anyway): from the child frame's
 * child when it is this one, else from GET /api/child/{id} (cached, shared with the frame). Nothing while unknown.
 */
export function useChildPermissions(childId: string): ChildPermissions {
  const framed = useCurrentChild();
  const fromFrame = framed && framed.id === childId ? framed : null;
  const { data } = useChildQuery(childId, { skip: !childId || fromFrame !== null });
  // Defensive: a differently shaped shared endpoint may keep the `{ child }` envelope.
  const loaded = data && 'child' in (data as object) ? (data as unknown as { child: Child }).child : data;
  const relation = (fromFrame ?? loaded)?.relation ?? null;
  return { relation, canEdit: mayOnChild(relation, 'edit'), canEvaluate: mayOnChild(relation, 'evaluate') };
}
