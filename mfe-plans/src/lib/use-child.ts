import { mayOnChild, type Child, type ChildRelation } from '@aba/contracts/api';
import { useCurrentChild, useParams, useSession } from '@aba/web-kit';
import { useChildQuery } from './child-api.js';

/** The child id of the route (`/child/:id/…`, the shell's parameter). */
export function useChildId(): string {
  return useParams().id ?? '';
}

export interface ChildPermissions {
  relation: ChildRelation | null;
  /** Create, edit, delete and change the status of plans, sub-plans and items (owner, coordinator). */
  canEdit: boolean;
  /** Evaluate items (therapists too). */
  canEvaluate: boolean;
  /** The session user's id (therapists may delete their own evaluations). */
  userId: string | null;
}

/**
 * What the caller may do on the child, to hide controls (the server enforces it anyway): from the child frame's
 * child when it is this one, else from GET /api/child/{id} (cached, shared with the frame). Nothing while unknown.
 */
export function useChildPermissions(childId: string): ChildPermissions {
  const framed = useCurrentChild();
  const fromFrame = framed && framed.id === childId ? framed : null;
  const { data } = useChildQuery(childId, { skip: !childId || fromFrame !== null });
  const loaded = data && 'child' in (data as object) ? (data as unknown as { child: Child }).child : data;
  const relation = (fromFrame ?? loaded)?.relation ?? null;
  const session = useSession();
  return {
    relation,
    canEdit: mayOnChild(relation, 'edit'),
    canEvaluate: mayOnChild(relation, 'evaluate'),
    userId: session.user?.id ?? null,
  };
}
