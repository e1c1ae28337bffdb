import type { ItemStatus, PlanItem, StatusChangeReason } from '@aba/contracts/api';
import { setItemStatus } from '../optimistic.js';
import { ANY_DETAIL, ANY_LIVE, itemPath, plansBaseApi } from '../tags.js';
import { patchDetailViews } from './detail-cache.js';

export interface SetItemStatusArgs {
  itemId: string;
  status: ItemStatus;
  /** Why, recorded in the item's status history (e.g. LATE_DATA for a revert). */
  reason?: StatusChangeReason;
}

/**
 * POST /api/sub-plan-item/{id}/set-status?status= → `{ item }`. Optimistic: in a view filtered on another status
 * the item leaves at once (spec §4); the other views are read again after the server agreed.
 */
export const setItemStatusApi = plansBaseApi.injectEndpoints({
  endpoints: (build) => ({
    setPlanItemStatus: build.mutation<PlanItem, SetItemStatusArgs>({
      query: ({ itemId, status, reason }) => ({
        url: `${itemPath(itemId)}/set-status`,
        method: 'POST',
        params: reason ? { status, reason } : { status },
      }),
      transformResponse: (response: { item: PlanItem }) => response.item,
      async onQueryStarted({ itemId, status }, { dispatch, getState, queryFulfilled }) {
        const patches = patchDetailViews(dispatch, getState, ({ view, filter }) => {
          setItemStatus(view, itemId, status, filter);
        });
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: (_item, error, { itemId }) =>
        error ? [] : [...ANY_DETAIL, { type: 'ItemProgress' as const, id: itemId }, ANY_LIVE],
    }),
  }),
});

export const { useSetPlanItemStatusMutation } = setItemStatusApi;
