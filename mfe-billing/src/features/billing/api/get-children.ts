import type { Child } from '@aba/contracts/api';
import { billingBaseApi } from './billing-base-api.js';

export type { Child };

/**
 * GET /api/child/list (therapy) → `{ children }`: every child the caller owns or helps. The billing page
 * reads it to offer the children without a licence. (Named for this page so it never clashes with another
 * remote's child-list endpoint in the shared API.)
 */
export const billingChildrenApi = billingBaseApi.injectEndpoints({
  endpoints: (build) => ({
    getBillingChildren: build.query<{ children: Child[] }, void>({
      query: () => 'api/child/list',
      providesTags: ['BillingChild'],
    }),
  }),
});

export const { useGetBillingChildrenQuery } = billingChildrenApi;
