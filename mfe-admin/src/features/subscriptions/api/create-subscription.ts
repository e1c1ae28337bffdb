import type { CreateSubscriptionRequest, SubscriptionResponse } from '@aba/contracts/api';
import { subscriptionsBaseApi } from './subscriptions-base-api.js';

export type { CreateSubscriptionRequest };

/**
 * POST /api/subscription/create `{ user_email, quantity, stripe_id }` (ADMIN only) → 201 `{ subscription }`,
 * created `active`; 400/404/409 `{ error }`. The list is read again on success.
 */
export const createSubscriptionApi = subscriptionsBaseApi.injectEndpoints({
  endpoints: (build) => ({
    createSubscription: build.mutation<Partial<SubscriptionResponse>, CreateSubscriptionRequest>({
      query: (body) => ({ url: 'api/subscription/create', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Subscription']),
    }),
  }),
});

export const { useCreateSubscriptionMutation } = createSubscriptionApi;
