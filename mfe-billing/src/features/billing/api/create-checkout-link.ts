import type { BillingLinkResponse, CheckoutLinkRequest } from '@aba/contracts/api';
import { billingBaseApi } from './billing-base-api.js';

export type { CheckoutLinkRequest };

/**
 * POST /api/billing/checkout-link `{ quantity? }` (default 1) → `{ url }` of a checkout page ("Add licenses");
 * 404 `{ error }` when buying online is not configured.
 */
export const checkoutLinkApi = billingBaseApi.injectEndpoints({
  endpoints: (build) => ({
    createCheckoutLink: build.mutation<BillingLinkResponse, CheckoutLinkRequest>({
      query: (body) => ({ url: 'api/billing/checkout-link', method: 'POST', body }),
    }),
  }),
});

export const { useCreateCheckoutLinkMutation } = checkoutLinkApi;
