import type { AddLicenseRequest, AddLicenseResponse } from '@aba/contracts/api';
import { billingBaseApi, LICENCE_TAGS } from './billing-base-api.js';

export type { AddLicenseRequest, AddLicenseResponse };

/**
 * POST /api/child/add-license `{ child_id }` → 201 `{ child_subscription_id }`; 409 (no free licence, already
 * licensed), 403 / 404 `{ error }`. On success the summary and the children's licences are read again.
 */
export const addLicenseApi = billingBaseApi.injectEndpoints({
  endpoints: (build) => ({
    addLicense: build.mutation<AddLicenseResponse, AddLicenseRequest>({
      query: (body) => ({ url: 'api/child/add-license', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [...LICENCE_TAGS]),
    }),
  }),
});

export const { useAddLicenseMutation } = addLicenseApi;
