import type { AdminUser, UserListResponse } from '@aba/contracts/api';
import { baseApi } from '@aba/web-kit';
import type { UserPageSize } from '../hooks/users-pager.js';

export type { AdminUser, UserListResponse };

export interface GetUsersArgs {
  /** 1-based page number. */
  page: number;
  /** Users per page: 10, 25, 50 or 100. */
  userCount: UserPageSize;
}

/** GET /api/user/list?page=N&user-count=10|25|50|100 (ADMIN only; 401/403 otherwise). */
export const usersApi = baseApi.enhanceEndpoints({ addTagTypes: ['User'] }).injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<UserListResponse, GetUsersArgs>({
      query: ({ page, userCount }) => ({ url: 'api/user/list', params: { page, 'user-count': userCount } }),
      providesTags: ['User'],
    }),
  }),
});

export const { useGetUsersQuery } = usersApi;
