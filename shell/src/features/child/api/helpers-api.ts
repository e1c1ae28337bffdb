import type { AccessType, Helper } from '@aba/contracts/api';
import { baseApi } from '@aba/web-kit';

/** Which helpers: of which child, coordinators (`ADMIN`) or therapists (`THERAPIST`). */
export interface HelpersArgs {
  childId: string;
  accessType: AccessType;
}

const helpersTag = ({ childId, accessType }: HelpersArgs) => ({ type: 'Helper' as const, id: `${childId}:${accessType}` });
const childPath = (childId: string) => `api/child/${encodeURIComponent(childId)}`;

/**
 * Helper calls (therapy service), injected into the one `baseApi`:
 * - GET /api/child/{id}/helpers?access_type= → `{ helpers }`;
 * - POST /api/child/{id}/helper/add?access_type= body `{ email, access_type }` → 201 `{ helper }`
 *   (400/409 `{ error }`: bad e-mail, already on the team, yourself, the owner);
 * - POST /api/child/{id}/helper/{helperId}/delete.
 * Adding or removing refreshes that child's list of that access type.
 */
export const helpersApi = baseApi.enhanceEndpoints({ addTagTypes: ['Helper'] }).injectEndpoints({
  endpoints: (build) => ({
    childHelpers: build.query<Helper[], HelpersArgs>({
      query: ({ childId, accessType }) => ({ url: `${childPath(childId)}/helpers`, params: { access_type: accessType } }),
      transformResponse: (response: { helpers?: Helper[] }) => response.helpers ?? [],
      providesTags: (_helpers, _error, args) => [helpersTag(args)],
    }),
    addChildHelper: build.mutation<{ helper: Helper }, HelpersArgs & { email: string }>({
      query: ({ childId, accessType, email }) => ({
        url: `${childPath(childId)}/helper/add`,
        method: 'POST',
        params: { access_type: accessType },
        body: { email, access_type: accessType },
      }),
      invalidatesTags: (_answer, _error, args) => [helpersTag(args)],
    }),
    removeChildHelper: build.mutation<unknown, HelpersArgs & { helperId: string }>({
      query: ({ childId, helperId }) => ({
        url: `${childPath(childId)}/helper/${encodeURIComponent(helperId)}/delete`,
        method: 'POST',
      }),
      invalidatesTags: (_answer, _error, args) => [helpersTag(args)],
    }),
  }),
});

export const { useChildHelpersQuery, useAddChildHelperMutation, useRemoveChildHelperMutation } = helpersApi;
