import type { RemoveLicenseRequest } from '@aba/contracts/api';
import { billingBaseApi, LICENCE_TAGS } from './billing-base-api.js';

export type { RemoveLicenseRequest };

/** POST /api/child/remove-license `{ child_subscription_id }` → 200 `{ message }`; then everything is read again. */
export const removeLicenseApi = billingBaseApi.injectEndpoints({
  endpoints: (build) => ({
    removeLicense: build.mutation<{ message: string }, RemoveLicenseRequest>({
      query: (body) => ({ url: 'api/child/remove-license', method: 'POST', body }),
      // Also after a failure: the licence may have changed meanwhile (e.g. removed from another tab).
      invalidatesTags: [...LICENCE_TAGS],
    }),
  }),
});

export const { useRemoveLicenseMutation } = removeLicenseApi;
