import type { SubPlanDetailedView } from '@aba/contracts/api';
import { detailTag, kindPath, plansBaseApi } from '../tags.js';

export interface SubPlanDetailArgs {
  childId: string;
  subPlanId: string;
}

/** GET /api/child/{id}/sub-plan/{planId}/detailed-view → `{ sub_plan, items: [{ …, evaluations (last 100) }] }`. */
export const subPlanDetailApi = plansBaseApi.injectEndpoints({
  endpoints: (build) => ({
    subPlanDetail: build.query<SubPlanDetailedView, SubPlanDetailArgs>({
      query: ({ childId, subPlanId }) =>
        `${kindPath('sub-plan', childId)}/${encodeURIComponent(subPlanId)}/detailed-view`,
      providesTags: (_view, _error, { subPlanId }) => [
        detailTag('sub-plan', subPlanId),
        { type: 'SubPlanDetail', id: 'ANY' },
      ],
    }),
  }),
});

export const { useSubPlanDetailQuery } = subPlanDetailApi;
