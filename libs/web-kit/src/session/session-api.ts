import { baseApi } from '../store/base-api.js';
import { isSessionUser, type SessionUser } from './session-user.js';

/**
 * `getSession` resolves to the user, or to `null` when logged out: any non-2xx answer (401, 404, …),
 * a network failure or an unexpected body all mean "no session".
 */
export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSession: build.query<SessionUser | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('api/get-session');
        if (result.error) return { data: null };
        return { data: isSessionUser(result.data) ? result.data : null };
      },
      providesTags: ['Session'],
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: 'api/logout', method: 'POST' }),
      // Whatever the server answered, forget everything cached for this user and mark the session gone.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } finally {
          dispatch(baseApi.util.resetApiState());
          dispatch(sessionApi.util.upsertQueryData('getSession', undefined, null));
        }
      },
    }),
  }),
});

export const { useGetSessionQuery, useLogoutMutation } = sessionApi;
