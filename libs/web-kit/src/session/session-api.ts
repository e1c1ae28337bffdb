import type { LoginResponse } from '@aba/contracts/api';
import { changeLanguage, currentLanguage } from '../i18n/i18n.js';
import { baseApi } from '../store/base-api.js';
import { isSessionUser, type SessionUser } from './session-user.js';
import {
  clearStoredSession,
  clearStoredUser,
  readStoredSessionUser,
  storeLoggedInUser,
  storeSessionUser,
} from './stored-user.js';

/** Body of POST /api/login. */
export interface LoginCredentials {
  email: string;
  password: string;
}

/**
 * The session calls (spec §7 "Session and account"): who is logged in, log in, log out.
 *
 * `getSession` resolves to the user, or to `null` when logged out: any non-2xx answer (401, 404, …) or an
 * unexpected body means "no session". With no network at all it resolves to the last session the server confirmed
 * on this browser (the app opens offline, ADR 0039), or to `null` when there is none. It provides the `Session` tag, which a
 * successful `login` invalidates, so the session is read again (with the new cookie) right after.
 */
export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSession: build.query<SessionUser | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('api/get-session');
        if (result.error?.status === 'FETCH_ERROR') return { data: readStoredSessionUser() };
        const user = !result.error && isSessionUser(result.data) ? result.data : null;
        if (user) storeSessionUser(user);
        else clearStoredSession();
        return { data: user };
      },
      providesTags: ['Session'],
    }),
    /**
     * POST /api/login → `{ email, role, child_id, language }`; 401 wrong credentials, 403 inactive account, 429 too
     * many attempts (each with `{ error }`). On success the answer is stored locally (spec §4) and the interface takes
     * on the account's language (issue 17) before the mutation resolves, and the session is fetched again.
     */
    login: build.mutation<LoginResponse, LoginCredentials>({
      async queryFn(credentials, _api, _extra, baseQuery) {
        const result = await baseQuery({
          url: 'api/login',
          method: 'POST',
          body: { email: credentials.email.trim(), password: credentials.password },
        });
        if (result.error) return { error: result.error };
        const data = result.data as LoginResponse;
        storeLoggedInUser(data);
        if (data.language && data.language !== currentLanguage()) await changeLanguage(data.language);
        return { data };
      },
      invalidatesTags: (result) => (result ? ['Session'] : []),
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: 'api/logout', method: 'POST' }),
      // Whatever the server answered, forget everything cached for this user and mark the session gone.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          // the outcome is the same: this browser forgets the user
        } finally {
          clearStoredUser();
          dispatch(baseApi.util.resetApiState());
          dispatch(sessionApi.util.upsertQueryData('getSession', undefined, null));
        }
      },
    }),
  }),
});

export const { useGetSessionQuery, useLoginMutation, useLogoutMutation } = sessionApi;
