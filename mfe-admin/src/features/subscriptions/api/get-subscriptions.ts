import type { Subscription, SubscriptionListResponse, SubscriptionStatus } from '@aba/contracts/api';
import { subscriptionsBaseApi } from './subscriptions-base-api.js';

export type { Subscription, SubscriptionListResponse, SubscriptionStatus };

/** GET /api/subscription/list (ADMIN only; 401/403 otherwise) → `{ subscriptions }`, newest first. */
export const subscriptionListApi = subscriptionsBaseApi.injectEndpoints({
  endpoints: (build) => ({
    getSubscriptions: build.query<SubscriptionListResponse, void>({
      query: () => 'api/subscription/list',
      providesTags: ['Subscription'],
    }),
  }),
});

export const { useGetSubscriptionsQuery } = subscriptionListApi;
