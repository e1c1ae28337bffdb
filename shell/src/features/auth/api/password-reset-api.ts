import type { MessageResponse } from '@aba/contracts/api';
import { baseApi } from '@aba/web-kit';

/** Body of POST /api/token/reset-password. */
export interface SetPasswordRequest {
  token: string;
  password: string;
  confirmedPassword: string;
}

/**
 * Password reset calls: POST /api/reset-password `{ email }` → always the same neutral `{ message }`;
 * GET /api/token/{token}/validate → 200 `{}` or 400 `{ error }`; POST /api/token/reset-password →
 * `{ message }` or 400 `{ error }`.
 */
export const passwordResetApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    requestPasswordReset: build.mutation<MessageResponse, { email: string }>({
      query: ({ email }) => ({ url: 'api/reset-password', method: 'POST', body: { email: email.trim() } }),
    }),
    validateResetToken: build.query<Record<string, never>, string>({
      query: (token) => `api/token/${encodeURIComponent(token)}/validate`,
      // A reset link works once: always ask the server again.
      keepUnusedDataFor: 0,
    }),
    resetPassword: build.mutation<MessageResponse, SetPasswordRequest>({
      query: (body) => ({ url: 'api/token/reset-password', method: 'POST', body }),
    }),
  }),
});

export const { useRequestPasswordResetMutation, useValidateResetTokenQuery, useResetPasswordMutation } =
  passwordResetApi;
