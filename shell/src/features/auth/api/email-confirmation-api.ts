import type { MessageResponse } from '@aba/contracts/api';
import { baseApi } from '@aba/web-kit';

/**
 * A new e-mail's confirmation link (issue 17): POST /api/token/confirm-email `{ token }` → `{ message }`, or 400
 * `{ error }` for a link unknown, used or expired, 409 for an address another account took meanwhile. Confirmed, the
 * account and the session are read again (they name the e-mail).
 */
export const emailConfirmationApi = baseApi.enhanceEndpoints({ addTagTypes: ['Account'] }).injectEndpoints({
  endpoints: (build) => ({
    confirmEmail: build.mutation<MessageResponse, { token: string }>({
      query: ({ token }) => ({ url: 'api/token/confirm-email', method: 'POST', body: { token } }),
      invalidatesTags: (answer) => (answer ? ['Account', 'Session'] : []),
    }),
  }),
});
