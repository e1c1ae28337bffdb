import { mayOnChild, type ChildAction, type ChildRelation } from '@aba/contracts/api';

/** How a caller stands to a child id: no such child, no relation to it, or a relation. */
export type ChildStanding = 'no-child' | 'stranger' | ChildRelation;

/** Why a call on a child is refused; each is answered with the message of the same key in `ChildMessages`. */
export type ChildAccessRefusal = 'childNotFound' | 'noChildAccess' | 'actionNotAllowed';

/**
 * The child access decision (ARCHITECTURE.md, "Identity, sessions, permissions"), pure: an unknown child is 404,
 * no relation (the platform role does not count) is 403 "no access", a relation without the right for the
 * action (`CHILD_PERMISSIONS` in contracts) is 403 "not allowed". Null when allowed.
 */
export function childAccessRefusal(standing: ChildStanding, action: ChildAction): ChildAccessRefusal | null {
  if (standing === 'no-child') return 'childNotFound';
  if (standing === 'stranger') return 'noChildAccess';
  return mayOnChild(standing, action) ? null : 'actionNotAllowed';
}
