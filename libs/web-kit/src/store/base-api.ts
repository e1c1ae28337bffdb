import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * The single RTK Query API of the platform. Remotes add their calls with
 * `baseApi.injectEndpoints({ endpoints: (build) => ({ … }) })` (and tag types with
 * `baseApi.enhanceEndpoints({ addTagTypes: [...] })`); they never call `createApi` themselves.
 * Paths are relative to the site root: `query: () => 'api/child/list'`.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/', credentials: 'same-origin' }),
  tagTypes: ['Session'],
  endpoints: () => ({}),
});
