import type { InviteValidationResponse, MessageResponse, RegistrationRole } from '@aba/contracts/api';
import { baseApi } from '@aba/web-kit';

/** Body of POST /api/register (`token` only when registering from an invite link). */
export interface RegistrationRequest {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  confirmedPassword: string;
  role: RegistrationRole;
  token?: string;
}

/**
 * Registration calls: POST /api/register → 201 `{ message }` (400/409 `{ error }`) and
 * GET /api/invite/{token}/validate → `{ token: { email, role } }` (400 `{ error: 'Invalid invite id' }`).
 */
export const registrationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<MessageResponse, RegistrationRequest>({
      query: (body) => ({ url: 'api/register', method: 'POST', body }),
    }),
    validateInvite: build.query<InviteValidationResponse, string>({
      query: (token) => `api/invite/${encodeURIComponent(token)}/validate`,
      // Invites are used once: never answer from an old cache entry.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useRegisterMutation, useValidateInviteQuery } = registrationApi;
