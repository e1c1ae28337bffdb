import { currentLanguage, NETWORK_ERROR } from '@aba/web-kit';

/**
 * Files the server makes for the disk (the account export, a child's data: issues 17 and 18): fetched with the session
 * cookie, named as the server names them, and handed to the browser as a download.
 */

/**
 * The file name of a `Content-Disposition` header (`attachment; filename="aba-datele-mele.zip"`, or RFC 5987's
 * `filename*=UTF-8''…`, which wins), without any folder in it; null when it names none.
 */
export function exportFileName(disposition: string | null | undefined): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(disposition);
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = undefined;
    }
  }
  name ??= (plain?.[1] ?? plain?.[2])?.trim();
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
}

/** A file as the browser saves it: its bytes and its name. */
export interface DownloadedFile {
  file: Blob;
  name: string;
}

/**
 * GETs `path` as a file: its bytes and the name `Content-Disposition` gives it (else `fallbackName`). Not an RTK Query
 * endpoint: the answer is a file for the disk, not data for the store (a Blob is not serializable and nothing else
 * reads it). A refusal is thrown as RTK Query's errors are (`{ status, data: { error } }`; `FETCH_ERROR` when there
 * was no answer), so `useServerErrorTranslator` translates it. A GET needs no Origin header at the gateway.
 */
export async function fetchFile(path: string, fallbackName: string): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await fetch(path, {
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
  let file: Blob;
  try {
    file = await response.blob();
  } catch (error) {
    // The answer was cut short (the server could not finish the file, or the network went).
    throw { status: 'FETCH_ERROR', error: error instanceof Error ? error.message : NETWORK_ERROR };
  }
  return { file, name: exportFileName(response.headers.get('Content-Disposition')) ?? fallbackName };
}

/** Hands `file` to the browser as a download named `name` (a temporary object URL, let go once it was taken). */
export function saveFile({ file, name }: DownloadedFile): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the URL after the click returns: let it go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
