import type { MessageResponse } from '@aba/contracts/api';
import { baseApi } from '@aba/web-kit';

/** Account activation: POST /api/token/activate-user `{ token }` → `{ message }` or 400 `{ error }`. */
export const activationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    activateUser: build.mutation<MessageResponse, { token: string }>({
      query: ({ token }) => ({ url: 'api/token/activate-user', method: 'POST', body: { token } }),
    }),
  }),
});

export const { useActivateUserMutation } = activationApi;
