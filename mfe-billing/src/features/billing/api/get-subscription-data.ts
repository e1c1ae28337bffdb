import type {
  LicenceUse,
  LicenceUseStatus,
  OnlinePayment,
  OwnedChild,
  SubscriptionDataResponse,
} from '@aba/contracts/api';
import { billingBaseApi } from './billing-base-api.js';

export type { LicenceUse, LicenceUseStatus, OnlinePayment, OwnedChild, SubscriptionDataResponse };

/**
 * GET /api/user/subscription-data → `{ total, subscriptions_in_use, online_payment, owned_children,
 * helps_other_children }` (the caller's licences, their uses, which payment links lead anywhere, the children the
 * caller owns with their licence state, and whether the caller helps someone else's child).
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
