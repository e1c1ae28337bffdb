import type { ChildDetail } from '@aba/contracts/api';
import { baseApi } from '../store/base-api.js';

/** `api/child/{id}`, the path every child-scoped call starts from. */
export const childPath = (childId: string) => `api/child/${encodeURIComponent(childId)}`;

/**
 * GET /api/child/{id} → `{ child }` with the caller's `relation` and its `waiting_captures` (404 `Child does not
 * exist`, 403 `You don't have access to this child`, 402 `Child subscription not found`), tagged `Child` by id. One
 * definition for the shell's child frame and every remote, so all of them read the same cache entry.
 */
export const childApi = baseApi.enhanceEndpoints({ addTagTypes: ['Child'] }).injectEndpoints({
  endpoints: (build) => ({
    child: build.query<ChildDetail, string>({
      query: childPath,
      transformResponse: (response: { child: ChildDetail }) => response.child,
      providesTags: (_child, _error, id) => [{ type: 'Child', id }],
    }),
  }),
});

export const { useChildQuery } = childApi;
