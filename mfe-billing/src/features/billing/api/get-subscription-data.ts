import type {
  LicenceUse,
  LicenceUseStatus,
  OnlinePayment,
  SubscriptionDataResponse,
} from '@aba/contracts/api';
import { billingBaseApi } from './billing-base-api.js';

export type { LicenceUse, LicenceUseStatus, OnlinePayment, SubscriptionDataResponse };

/**
 * GET /api/user/subscription-data → `{ total, subscriptions_in_use, online_payment }` (the caller's licences, their
 * uses, and which payment links lead anywhere).
 */
export const subscriptionDataApi = billingBaseApi.injectEndpoints({
  endpoints: (build) => ({
    getSubscriptionData: build.query<SubscriptionDataResponse, void>({
      query: () => 'api/user/subscription-data',
      providesTags: ['LicenceUse'],
    }),
  }),
});

export const { useGetSubscriptionDataQuery } = subscriptionDataApi;
