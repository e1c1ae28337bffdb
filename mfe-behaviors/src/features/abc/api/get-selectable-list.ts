import type { SelectableListKind, SelectableListResponse } from '@aba/contracts/api';
import { behaviorsBaseApi } from '../../../lib/tags.js';

export interface SelectableListArgs {
  kind: SelectableListKind;
  /** The interface language: the server answers the list in it (`Accept-Language`), and it keys the cache. */
  language: string;
}

/** GET /api/list/{antecedent|consequence} → `{ list }` (texts in the requested language). */
export const selectableListApi = behaviorsBaseApi.injectEndpoints({
  endpoints: (build) => ({
    selectableList: build.query<string[], SelectableListArgs>({
      query: ({ kind, language }) => ({ url: `api/list/${kind}`, headers: { 'Accept-Language': language } }),
      transformResponse: (response: SelectableListResponse) => response.list ?? [],
      // The lists hardly ever change: keep them for the session.
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useSelectableListQuery } = selectableListApi;
