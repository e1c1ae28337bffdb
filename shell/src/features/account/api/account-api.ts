import type {
  Account,
  AccountResponse,
  AccountUpdateRequest,
  ChangeEmailRequest,
  ChangePasswordRequest,
  MessageResponse,
} from '@aba/contracts/api';
import { baseApi, sessionApi } from '@aba/web-kit';

/**
 * The user's own account (identity service, issue 17), injected into the one `baseApi`:
 * - GET /api/account → `{ account }` (401 `{ error }` when not logged in);
 * - POST /api/account/update body `{ first_name, last_name, phone, language }` → `{ account }` as saved
 *   (400 `{ error }`: a required field is empty, or the language is neither ro nor en).
 * - POST /api/account/change-password body `{ password, new_password, confirmedPassword }` → `{ message }` (400
 *   `{ error }`: a rule broken or the current password wrong; 429 after too many wrong ones). The account's other
 *   sessions end; this one stays.
 * - POST /api/account/change-email body `{ email, password }` → `{ message }` (400 `{ error }`: a rule broken or the
 *   current password wrong; 409 the address has an account; 429 too many asked for this hour): a link goes to the new
 *   address, and the e-mail changes when it is opened (auth's `emailConfirmationApi`).
 * A save puts the answer in the account's cache entry and the new names in the session's at once (the user menu is
 * headed by the first name), then reads the session again from the server.
 */
export const accountApi = baseApi.enhanceEndpoints({ addTagTypes: ['Account'] }).injectEndpoints({
  endpoints: (build) => ({
    getAccount: build.query<Account, void>({
      query: () => 'api/account',
      transformResponse: (response: AccountResponse) => response.account,
      providesTags: ['Account'],
      // Always the server's current values when the page opens (another device may have changed them).
      keepUnusedDataFor: 0,
    }),
    updateAccount: build.mutation<Account, AccountUpdateRequest>({
      query: (body) => ({ url: 'api/account/update', method: 'POST', body }),
      transformResponse: (response: AccountResponse) => response.account,
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data: account } = await queryFulfilled;
          dispatch(accountApi.util.upsertQueryData('getAccount', undefined, account));
          dispatch(
            sessionApi.util.updateQueryData('getSession', undefined, (user) => {
              if (user && user.id === account.id) {
                user.first_name = account.first_name;
                user.last_name = account.last_name;
              }
            }),
          );
        } catch {
          // a refused save changes nothing here; the page shows why
        }
      },
      invalidatesTags: (account) => (account ? ['Session'] : []),
    }),
    changePassword: build.mutation<MessageResponse, ChangePasswordRequest>({
      query: (body) => ({ url: 'api/account/change-password', method: 'POST', body }),
    }),
    changeEmail: build.mutation<MessageResponse, ChangeEmailRequest>({
      query: (body) => ({ url: 'api/account/change-email', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetAccountQuery,
  useUpdateAccountMutation,
  useChangePasswordMutation,
  useChangeEmailMutation,
} = accountApi;
