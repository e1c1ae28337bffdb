/**
 * The account export's logic (issue 17, ADR 0048), pure: the name the server gives the ZIP.
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
