import type { LicenceUse, LicenceUseStatus, SubscriptionDataResponse } from '@aba/contracts/api';
import { billingBaseApi } from './billing-base-api.js';

export type { LicenceUse, LicenceUseStatus, SubscriptionDataResponse };

/** GET /api/user/subscription-data → `{ total, subscriptions_in_use }` (the caller's licences and their uses). */
export const subscriptionDataApi = billingBaseApi.injectEndpoints({
  endpoints: (build) => ({
    getSubscriptionData: build.query<SubscriptionDataResponse, void>({
      query: () => 'api/user/subscription-data',
      providesTags: ['LicenceUse'],
    }),
  }),
});

export const { useGetSubscriptionDataQuery } = subscriptionDataApi;
