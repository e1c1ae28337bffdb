import { z } from 'zod';

/**
 * Handing a child over to one of its coordinators (issue 17, ADR 0050): its owner offers it, the coordinator accepts
 * (or declines) and becomes its owner; the former owner stays on its team as a coordinator. How a parent who deletes
 * their account keeps a child's record with the people who care for it.
 */
export const OwnershipMessages = {
  notCoordinator: "Choose one of the child's coordinators: only a coordinator can become its owner",
  noOffer: 'No hand-over of this child is waiting',
  notYourOffer: 'This hand-over is offered to someone else',
  offered: 'The hand-over was offered: it takes effect when the coordinator accepts it',
  withdrawn: 'The hand-over was withdrawn',
  accepted: 'You are now the owner of this child',
  declined: 'The hand-over was declined',
} as const;

/** A hand-over waiting for its coordinator: to whom, by whom (names null for a former user), since when. */
export const ownershipOfferSchema = z.object({
  to_user_id: z.uuid(),
  to_name: z.string().nullable(),
  from_name: z.string().nullable(),
  offered_at: z.iso.datetime(),
});
export type OwnershipOffer = z.infer<typeof ownershipOfferSchema>;

/** GET /api/child/{id}/ownership: the hand-over waiting, if any. */
export const ownershipResponseSchema = z.object({ offer: ownershipOfferSchema.nullable() });
export type OwnershipResponse = z.infer<typeof ownershipResponseSchema>;

/** POST /api/child/{id}/ownership/offer {to_user_id}: the owner offers the child to one of its coordinators. */
export const offerOwnershipRequestSchema = z.object({
  to_user_id: z.uuid({ error: OwnershipMessages.notCoordinator }),
});
export type OfferOwnershipRequest = z.infer<typeof offerOwnershipRequestSchema>;
