import type { MessageResponse, OwnershipOffer } from '@aba/contracts/api';
import { baseApi, childPath } from '@aba/web-kit';

/** What a hand-over changes that the pages read: the child's record (its `ownership_offer`) and its trail. */
const offerTags = (childId: string) => [
  { type: 'Child' as const, id: childId },
  { type: 'Audit' as const, id: childId },
];

/**
 * Handing a child over to one of its coordinators (therapy, issue 17, ADR 0050), injected into the one `baseApi`.
 * The waiting offer is read with the child (`ownership_offer` of GET /api/child/{id}), so no page reads
 * GET /api/child/{id}/ownership on its own; every call here reads the child again.
 * - POST …/ownership/offer `{ to_user_id }` → `{ message, offer }` (the owner's; 400 `notCoordinator` unless that
 *   user is an active coordinator; another waiting offer is replaced);
 * - POST …/ownership/withdraw → `{ message }` (the owner's; 409 `noOffer`);
 * - POST …/ownership/accept and …/decline → `{ message }` (the coordinator it is offered to; 403 `notYourOffer`,
 *   409 `noOffer`). Accepted, the caller owns the child and its former owner is a coordinator: the children list (the
 *   relation on each card) and the child's coordinators are read again too.
 */
export const ownershipApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Child', 'Helper', 'Audit'] })
  .injectEndpoints({
    endpoints: (build) => ({
      offerOwnership: build.mutation<
        MessageResponse & { offer: OwnershipOffer },
        { childId: string; toUserId: string }
      >({
        query: ({ childId, toUserId }) => ({
          url: `${childPath(childId)}/ownership/offer`,
          method: 'POST',
          body: { to_user_id: toUserId },
        }),
        invalidatesTags: (_answer, _error, { childId }) => offerTags(childId),
      }),
      withdrawOwnership: build.mutation<MessageResponse, { childId: string }>({
        query: ({ childId }) => ({ url: `${childPath(childId)}/ownership/withdraw`, method: 'POST' }),
        invalidatesTags: (_answer, _error, { childId }) => offerTags(childId),
      }),
      acceptOwnership: build.mutation<MessageResponse, { childId: string }>({
        query: ({ childId }) => ({ url: `${childPath(childId)}/ownership/accept`, method: 'POST' }),
        invalidatesTags: (_answer, _error, { childId }) => [
          ...offerTags(childId),
          { type: 'Child', id: 'LIST' },
          { type: 'Helper', id: `${childId}:ADMIN` },
        ],
      }),
      declineOwnership: build.mutation<MessageResponse, { childId: string }>({
        query: ({ childId }) => ({ url: `${childPath(childId)}/ownership/decline`, method: 'POST' }),
        invalidatesTags: (_answer, _error, { childId }) => offerTags(childId),
      }),
    }),
  });

export const {
  useOfferOwnershipMutation,
  useWithdrawOwnershipMutation,
  useAcceptOwnershipMutation,
  useDeclineOwnershipMutation,
} = ownershipApi;
