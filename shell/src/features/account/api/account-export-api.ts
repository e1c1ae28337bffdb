import { ACCOUNT_EXPORT_FILE_NAME } from '@aba/contracts/api';
import { currentLanguage, NETWORK_ERROR } from '@aba/web-kit';
import { exportFileName } from '../utils/account-export.js';

/** The caller's data as the browser saves it: the ZIP and its name. */
export interface AccountExport {
  file: Blob;
  name: string;
}

/**
 * "Download my data" (identity, issue 17, ADR 0048): GET /api/account/export → 200 the ZIP (`Content-Disposition:
 * attachment`, named `ACCOUNT_EXPORT_FILE_NAME`), or `{ error }`: 429 `AccountExportMessages.tooManyExports` (with
 * Retry-After), 503 `AccountExportMessages.partUnavailable`, 401 when the session ended.
 *
 * Not an RTK Query endpoint: the answer is a file for the disk, not data for the store (a Blob is not serializable
 * and nothing else reads it). A plain `fetch` with the session cookie; a GET needs no Origin header at the gateway.
 * A refusal is thrown as RTK Query's errors are (`{ status, data: { error } }`; `FETCH_ERROR` when there was no
 * answer), so `useServerErrorTranslator` translates it.
 */
export async function fetchAccountExport(): Promise<AccountExport> {
  let response: Response;
  try {
    response = await fetch('/api/account/export', {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { 'Accept-Language': currentLanguage() },
    });
  } catch (error) {
    throw { status: 'FETCH_ERROR', error: error instanceof Error ? error.message : NETWORK_ERROR };
  }
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => undefined);
    throw { status: response.status, data };
  }
  return {
    file: await response.blob(),
    name: exportFileName(response.headers.get('Content-Disposition')) ?? ACCOUNT_EXPORT_FILE_NAME,
  };
}
