import { mayOnChild, type ChildRelation } from '@aba/contracts/api';
import { useSession } from '../session/use-session.js';
import { useChildQuery } from './child-api.js';
import { useCurrentChild } from './current-child.js';

export interface ChildPermissions {
  relation: ChildRelation | null;
  /** Create, edit, delete and change the status of what the child's pages hold (owner, coordinator). */
  canEdit: boolean;
  /** Evaluate items and log behaviours (therapists too). */
  canEvaluate: boolean;
  /** The session user's id (a therapist may delete their own evaluations). */
  userId: string | null;
}

/**
 * What the caller may do on the child, to hide controls (the server enforces it anyway): from the child frame's
 * child when it is this one, else from GET /api/child/{id} (the frame's cache entry). Nothing while unknown.
 */
export function useChildPermissions(childId: string): ChildPermissions {
  const framed = useCurrentChild();
  const fromFrame = framed && framed.id === childId ? framed : null;
  const { data } = useChildQuery(childId, { skip: !childId || fromFrame !== null });
  const relation = (fromFrame ?? data)?.relation ?? null;
  const session = useSession();
  return {
    relation,
    canEdit: mayOnChild(relation, 'edit'),
    canEvaluate: mayOnChild(relation, 'evaluate'),
    userId: session.user?.id ?? null,
  };
}
