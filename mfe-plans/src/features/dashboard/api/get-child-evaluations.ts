import { childPath } from '@aba/web-kit';
import type { ChildEvaluationPoint } from '@aba/contracts/api';
import { plansBaseApi } from '../../../lib/tags.js';

export interface ChildEvaluationsArgs {
  childId: string;
  /** First and last calendar day (`YYYY-MM-DD`, inclusive); absent: no bound. */
  from?: string;
  to?: string;
}

/** GET /api/child/{id}/evaluations?from=&to= → `{ evaluations: [{ date, result }] }`, oldest first. */
export const childEvaluationsApi = plansBaseApi.injectEndpoints({
  endpoints: (build) => ({
    childEvaluations: build.query<ChildEvaluationPoint[], ChildEvaluationsArgs>({
      query: ({ childId, from, to }) => ({
        url: `${childPath(childId)}/evaluations`,
        params: { ...(from ? { from } : {}), ...(to ? { to } : {}) },
      }),
      transformResponse: (response: { evaluations?: ChildEvaluationPoint[] }) => response.evaluations ?? [],
      providesTags: (_points, _error, { childId }) => [{ type: 'ChildEvaluations', id: childId }],
    }),
  }),
});

export const { useChildEvaluationsQuery } = childEvaluationsApi;
