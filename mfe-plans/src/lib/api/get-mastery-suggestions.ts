import type { MasterySuggestion } from '@aba/contracts/api';
import { childPath } from '@aba/web-kit';
import { plansBaseApi } from '../tags.js';

/**
 * GET /api/child/{id}/mastery-suggestion/list → the child's status changes waiting for the owner or a coordinator,
 * oldest first (issue 15). The dashboard shows how many; the to-confirm page lists them.
 */
export const masterySuggestionsApi = plansBaseApi.injectEndpoints({
  endpoints: (build) => ({
    masterySuggestions: build.query<MasterySuggestion[], string>({
      query: (childId) => `${childPath(childId)}/mastery-suggestion/list`,
      transformResponse: (response: { suggestions: MasterySuggestion[] }) => response.suggestions,
      providesTags: (_suggestions, _error, childId) => [{ type: 'MasterySuggestion', id: childId }],
    }),
  }),
});

export const { useMasterySuggestionsQuery } = masterySuggestionsApi;
