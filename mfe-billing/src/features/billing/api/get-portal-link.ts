import type { BillingLinkResponse } from '@aba/contracts/api';
import { billingBaseApi } from './billing-base-api.js';

export type { BillingLinkResponse };

/**
 * GET /api/billing/portal-link → `{ url }` of the payment provider's customer portal ("Manage"); 404 `{ error }`
 * when online management is not configured or the user has no payment account. Read on click, never cached
 * (the provider's links are short-lived), hence a mutation.
 */
export const portalLinkApi = billingBaseApi.injectEndpoints({
  endpoints: (build) => ({
    getPortalLink: build.mutation<BillingLinkResponse, void>({
      query: () => ({ url: 'api/billing/portal-link', method: 'GET' }),
    }),
  }),
});

export const { useGetPortalLinkMutation } = portalLinkApi;
