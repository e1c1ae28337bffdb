import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { OFFLINE_COPY_HEADER } from '../service-worker/protocol.js';
import { noteReadAnswer } from './offline-copy.js';

const fetchFromServer = fetchBaseQuery({ baseUrl: '/', credentials: 'same-origin' });

/** `fetchBaseQuery`, noting whether a read was answered by the server or from the phone's copy (ADR 0039). */
const baseQuery: typeof fetchFromServer = async (args, api, extra) => {
  const result = await fetchFromServer(args, api, extra);
  const response = result.meta?.response;
  if (response) noteReadAnswer(response.headers.get(OFFLINE_COPY_HEADER));
  return result;
};

/**
 * The single RTK Query API of the platform. Remotes add their calls with
 * `baseApi.injectEndpoints({ endpoints: (build) => ({ … }) })` (and tag types with
 * `baseApi.enhanceEndpoints({ addTagTypes: [...] })`); they never call `createApi` themselves.
 * Paths are relative to the site root: `query: () => 'api/child/list'`.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Session'],
  endpoints: () => ({}),
});
