import type { ReportSettingsRequest, ReportSettingsResponse } from '@aba/contracts/api';
import { baseApi, childPath } from '@aba/web-kit';

/**
 * The clinician report's heading and order (therapy, issue 18, ADR 0053), injected into the one `baseApi`:
 * - GET /api/child/{id}/report/settings → `{ settings }` (the whole team);
 * - POST the same path with what changes (`clinic_name`, `logo` as base64, `section_order`; `null` removes the name
 *   or the logo) → `{ message, settings }` (the owner's and the coordinators'), which reads the settings and the
 *   child's trail again. The logo's image is `GET …/report/logo`, shown by its URL.
 */
export const reportSettingsApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['ReportSettings', 'Audit'] })
  .injectEndpoints({
    endpoints: (build) => ({
      reportSettings: build.query<ReportSettingsResponse, string>({
        query: (childId) => `${childPath(childId)}/report/settings`,
        providesTags: (_answer, _error, childId) => [{ type: 'ReportSettings', id: childId }],
      }),
      saveReportSettings: build.mutation<
        ReportSettingsResponse & { message: string },
        { childId: string; change: ReportSettingsRequest }
      >({
        query: ({ childId, change }) => ({
          url: `${childPath(childId)}/report/settings`,
          method: 'POST',
          body: change,
        }),
        invalidatesTags: (_answer, _error, { childId }) => [
          { type: 'ReportSettings', id: childId },
          { type: 'Audit', id: childId },
        ],
      }),
    }),
  });

export const { useReportSettingsQuery, useSaveReportSettingsMutation } = reportSettingsApi;

/** The logo's image, as an `<img>` reads it; `version` (when the settings were saved) makes a new logo a new URL. */
export const reportLogoUrl = (childId: string, version: string | null): string =>
  `/${childPath(childId)}/report/logo${version ? `?v=${encodeURIComponent(version)}` : ''}`;
