import { childPath } from '@aba/web-kit';
import type { AbcEntry, AbcListResponse } from '@aba/contracts/api';
import { abcLogTag, behaviorsBaseApi } from '../../../lib/tags.js';

export type { AbcEntry };

export interface AbcLogArgs {
  childId: string;
  behaviorId: string;
  /** List items come back in this language. */
  language: string;
}

/** GET /api/child/{id}/behavior-abc/{behaviorId}/list → `{ abc }`, newest first. */
export const abcLogApi = behaviorsBaseApi.injectEndpoints({
  endpoints: (build) => ({
    abcLog: build.query<AbcEntry[], AbcLogArgs>({
      query: ({ childId, behaviorId, language }) => ({
        url: `${childPath(childId)}/behavior-abc/${encodeURIComponent(behaviorId)}/list`,
        headers: { 'Accept-Language': language },
      }),
      transformResponse: (response: AbcListResponse) => response.abc ?? [],
      providesTags: (_entries, _error, { behaviorId }) => [abcLogTag(behaviorId)],
    }),
  }),
});

export const { useAbcLogQuery } = abcLogApi;
