import type { MessageResponse, RejectionReason } from '@aba/contracts/api';
import { masterySuggestionsApi } from '../../../lib/api/get-mastery-suggestions.js';
import { ANY_DETAIL, plansBaseApi } from '../../../lib/tags.js';

export interface DecideSuggestionArgs {
  childId: string;
  suggestionId: string;
  itemId: string;
}

export interface RejectSuggestionArgs extends DecideSuggestionArgs {
  reason: RejectionReason;
}

const suggestionPath = (id: string) => `api/mastery-suggestion/${encodeURIComponent(id)}`;

/**
 * Whatever the answer, the list is read again: after a 404 (decided meanwhile) or a 409 (the item moved) it is out of
 * date. A decision moves the item or restarts its streak: its progress and the plan views are read again.
 */
const decidedTags = (_result: unknown, error: unknown, { childId, itemId }: DecideSuggestionArgs) => [
  { type: 'MasterySuggestion' as const, id: childId },
  ...(error ? [] : [{ type: 'ItemProgress' as const, id: itemId }, ...ANY_DETAIL]),
];

/** POST /api/mastery-suggestion/{id}/accept and …/reject {reason}: the decided row leaves the list at once. */
export const decideSuggestionApi = plansBaseApi.injectEndpoints({
  endpoints: (build) => ({
    acceptSuggestion: build.mutation<MessageResponse, DecideSuggestionArgs>({
      query: ({ suggestionId }) => ({ url: `${suggestionPath(suggestionId)}/accept`, method: 'POST' }),
      onQueryStarted: async (args, { dispatch, queryFulfilled }) => {
        if (await succeeded(queryFulfilled)) dispatch(withoutSuggestion(args));
      },
      invalidatesTags: decidedTags,
    }),
    rejectSuggestion: build.mutation<MessageResponse, RejectSuggestionArgs>({
      query: ({ suggestionId, reason }) => ({
        url: `${suggestionPath(suggestionId)}/reject`,
        method: 'POST',
        body: { reason },
      }),
      onQueryStarted: async (args, { dispatch, queryFulfilled }) => {
        if (await succeeded(queryFulfilled)) dispatch(withoutSuggestion(args));
      },
      invalidatesTags: decidedTags,
    }),
  }),
});

const withoutSuggestion = ({ childId, suggestionId }: DecideSuggestionArgs) =>
  masterySuggestionsApi.util.updateQueryData('masterySuggestions', childId, (suggestions) =>
    suggestions.filter((suggestion) => suggestion.id !== suggestionId),
  );

// A failure is the page's to show (from the mutation's state).
const succeeded = (fulfilled: Promise<unknown>) =>
  fulfilled.then(
    () => true,
    () => false,
  );

export const { useAcceptSuggestionMutation, useRejectSuggestionMutation } = decideSuggestionApi;
