/**
 * Handing a child over to a coordinator (issue 17, ADR 0050), pure: who may offer it, which coordinator rows get the
 * offer or show it waiting, and whether the signed-in user is the one it is offered to.
 */
import {
  mayOnChild,
  type ChildDetail,
  type ChildRelation,
  type Helper,
  type OwnershipOffer,
} from '@aba/contracts/api';

/** Offering and withdrawing a hand-over is the owner's alone, as deleting the child is (therapy's access rule). */
export function mayHandOver(relation: ChildRelation | null | undefined): boolean {
  return mayOnChild(relation, 'delete');
}

/**
 * What a coordinator's row offers its owner: `offer` (the "Hand over" button) for an active coordinator with an
 * account, `waiting` for the one the waiting offer is for; null for anyone else (a therapist, an invitation).
 */
export function handOverRow(helper: Helper, offer: OwnershipOffer | null): 'offer' | 'waiting' | null {
  const userId = helper.user_id;
  if (helper.access_type !== 'ADMIN' || helper.status !== 'ACTIVE' || userId === null) return null;
  return offer?.to_user_id === userId ? 'waiting' : 'offer';
}

/** Whether the child waits to be handed over to `userId` (the signed-in user): they accept or decline it. */
export function isOfferedTo(
  child: Pick<ChildDetail, 'ownership_offer'>,
  userId: string | null | undefined,
): boolean {
  return Boolean(userId) && child.ownership_offer?.to_user_id === userId;
}
