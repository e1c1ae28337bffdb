import type { Child } from '@aba/contracts/api';
import { behaviorsBaseApi } from './tags.js';

/**
 * GET /api/child/{id} → `{ child }` with the caller's `relation`. The same endpoint name and cache entry as the
 * shell's child frame (`child`): when the frame has read the child, this reads it from the cache. If the shell
 * defined it first, its definition is kept (RTK Query does not override an existing endpoint).
 */
export const childApi = behaviorsBaseApi.injectEndpoints({
  endpoints: (build) => ({
    child: build.query<Child, string>({
      query: (id) => `api/child/${encodeURIComponent(id)}`,
      transformResponse: (response: { child: Child }) => response.child,
      providesTags: (_child, _error, id) => [{ type: 'Child', id }],
    }),
  }),
});

export const { useChildQuery } = childApi;
