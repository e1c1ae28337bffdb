import { ACCOUNT_EXPORT_FILE_NAME } from '@aba/contracts/api';
import { fetchFile, type DownloadedFile } from '../../../lib/file-download.js';

/**
 * "Download my data" (identity, issue 17, ADR 0048): GET /api/account/export → 200 the ZIP (`Content-Disposition:
 * attachment`, named `ACCOUNT_EXPORT_FILE_NAME`), or `{ error }`: 429 `AccountExportMessages.tooManyExports` (with
 * Retry-After), 503 `AccountExportMessages.partUnavailable`, 401 when the session ended.
 */
export function fetchAccountExport(): Promise<DownloadedFile> {
  return fetchFile('/api/account/export', ACCOUNT_EXPORT_FILE_NAME);
}
