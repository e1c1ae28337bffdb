import type { PlanItem } from '@aba/contracts/api';
import { ANY_DETAIL, plansBaseApi } from '../../../lib/tags.js';

export interface CreateItemArgs {
  subPlanId: string;
  description: string;
}

/** POST /api/sub-plan-item/create, body (the item) `{ description, sub_plan_id }` → 201 `{ item }`. */
export const createItemApi = plansBaseApi.injectEndpoints({
  endpoints: (build) => ({
    createPlanItem: build.mutation<PlanItem, CreateItemArgs>({
      query: ({ subPlanId, description }) => ({
        url: 'api/sub-plan-item/create',
        method: 'POST',
        body: { description, sub_plan_id: subPlanId },
      }),
      transformResponse: (response: { item: PlanItem }) => response.item,
      invalidatesTags: (_item, error) => (error ? [] : [...ANY_DETAIL]),
    }),
  }),
});

export const { useCreatePlanItemMutation } = createItemApi;
