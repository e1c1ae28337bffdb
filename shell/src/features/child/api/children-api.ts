import type { Child, DeletedChild, MessageResponse } from '@aba/contracts/api';
import { baseApi, childPath } from '@aba/web-kit';

/** Body of POST /api/child/create (`date_of_birth` is `YYYY-MM-DD`; the consent text's version the parent agreed to). */
export interface CreateChildRequest {
  first_name: string;
  last_name: string;
  date_of_birth: string;
  consent_version?: string;
}

/** Tag of the list of the user's children; each child is also tagged by its id. */
const CHILD_LIST = { type: 'Child', id: 'LIST' } as const;
/** Tag of the list of the user's deleted children. */
const DELETED_LIST = { type: 'Child', id: 'DELETED' } as const;

/**
 * Children calls (therapy service), injected into the one `baseApi`:
 * - GET /api/child/list → `{ children }` (each with the caller's `relation`);
 * - POST /api/child/create → 201 `{ child_id }`; POST /api/child/{id}/delete (owner only);
 * - GET /api/child/deleted → `{ children }` the owner can still restore, each with `deleted_at` and `erase_at`;
 *   POST /api/child/{id}/restore (owner only, ADR 0021).
 * Creating, deleting or restoring a child refreshes the lists. GET /api/child/{id} is web-kit's `useChildQuery`.
 */
export const childrenApi = baseApi.enhanceEndpoints({ addTagTypes: ['Child'] }).injectEndpoints({
  endpoints: (build) => ({
    childList: build.query<Child[], void>({
      query: () => 'api/child/list',
      transformResponse: (response: { children?: Child[] }) => response.children ?? [],
      providesTags: (children) => [
        CHILD_LIST,
        ...(children ?? []).map((child) => ({ type: 'Child' as const, id: child.id })),
      ],
    }),
    createChild: build.mutation<{ child_id: string }, CreateChildRequest>({
      query: (body) => ({ url: 'api/child/create', method: 'POST', body }),
      invalidatesTags: [CHILD_LIST],
    }),
    deletedChildren: build.query<DeletedChild[], void>({
      query: () => 'api/child/deleted',
      transformResponse: (response: { children?: DeletedChild[] }) => response.children ?? [],
      providesTags: [DELETED_LIST],
    }),
    // Only the lists are refreshed: re-reading the deleted child would answer its 404.
    deleteChild: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `${childPath(id)}/delete`, method: 'POST' }),
      invalidatesTags: [CHILD_LIST, DELETED_LIST],
    }),
    restoreChild: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `${childPath(id)}/restore`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [CHILD_LIST, DELETED_LIST, { type: 'Child', id }],
    }),
  }),
});

export const {
  useChildListQuery,
  useCreateChildMutation,
  useDeleteChildMutation,
  useDeletedChildrenQuery,
  useRestoreChildMutation,
} = childrenApi;
