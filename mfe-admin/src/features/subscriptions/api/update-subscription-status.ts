import type { SubscriptionResponse, SubscriptionStatus } from '@aba/contracts/api';
import { subscriptionListApi } from './get-subscriptions.js';
import { subscriptionsBaseApi } from './subscriptions-base-api.js';

export interface UpdateSubscriptionStatusArgs {
  subscription_id: string;
  status: SubscriptionStatus;
}

/**
 * POST /api/subscription/update-status `{ subscription_id, status }` (ADMIN only) → 200 `{ subscription }`.
 * On success the row shows the new status at once (from the answer) and the list is read again; on failure
 * nothing changes, so the row's dropdown goes back to the saved status.
 */
export const updateSubscriptionStatusApi = subscriptionsBaseApi.injectEndpoints({
  endpoints: (build) => ({
    updateSubscriptionStatus: build.mutation<Partial<SubscriptionResponse>, UpdateSubscriptionStatusArgs>({
      query: (body) => ({ url: 'api/subscription/update-status', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Subscription']),
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (!answer) return;
        const saved = answer.data.subscription;
        dispatch(
          subscriptionListApi.util.updateQueryData('getSubscriptions', undefined, (draft) => {
            const row = draft.subscriptions.find((item) => item.id === args.subscription_id);
            if (row) Object.assign(row, saved ?? { status: args.status });
          }),
        );
      },
    }),
  }),
});

export const { useUpdateSubscriptionStatusMutation } = updateSubscriptionStatusApi;
