import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { currentLanguage } from '../i18n/i18n.js';
import { OFFLINE_COPY_HEADER } from '../service-worker/protocol.js';
import { noteReadAnswer } from './offline-copy.js';

/**
 * Every call names the interface's language, not the browser's: an account registered in English keeps English as its
 * language (which the interface takes on at login, issue 17), and the e-mails a call sends are written in it.
 */
const fetchFromServer = fetchBaseQuery({
  baseUrl: '/',
  credentials: 'same-origin',
  prepareHeaders: (headers) => {
    headers.set('Accept-Language', currentLanguage());
    return headers;
  },
});

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
