import { strToU8, zipSync, type Zippable } from 'fflate';
import type { ExportPart } from '@aba/contracts/api';
import { exportCsv } from '@aba/server-kit';
import { exportReadme, type ListedFile } from './export-readme.js';

/**
 * What the archive needs of a part beyond its schema, in words (null when it holds): the service it was asked of,
 * each table once (one file each), and rows holding exactly their table's columns (what the CSV writes is what the
 * JSON holds).
 */
export function partProblem(part: ExportPart, service: ExportPart['service']): string | null {
  if (part.service !== service) return `answered as ${part.service}`;
  const names = new Set<string>();
  for (const table of part.tables) {
    if (names.has(table.name)) return `table ${table.name} twice`;
    names.add(table.name);
    const columns = new Set(table.columns);
    if (columns.size !== table.columns.length) return `table ${table.name}: a column twice`;
    const mismatch = table.rows.findIndex((row) => {
      const keys = Object.keys(row);
      return keys.length !== columns.size || keys.some((key) => !columns.has(key));
    });
    if (mismatch >= 0) return `table ${table.name}: row ${mismatch} does not hold exactly its columns`;
  }
  return null;
}

/**
 * The export as a ZIP: `README.txt`, then for each part `<service>.json` (the whole part, pretty-printed) and
 * `<service>/<table>.csv` per table. Parts must pass `partProblem`.
 */
export function exportArchive(
  parts: readonly ExportPart[],
  about: { madeAt: Date; email: string },
): Uint8Array {
  const files: Zippable = {};
  const listed: ListedFile[] = [];
  for (const part of parts) {
    const json = `${part.service}.json`;
    files[json] = strToU8(`${JSON.stringify(part, null, 2)}\n`);
    listed.push({
      path: json,
      description: `Toate tabelele serviciului ${part.service}, ca un document JSON. / All of ${part.service}'s tables as one JSON document.`,
    });
    for (const table of part.tables) {
      const csv = `${part.service}/${table.name}.csv`;
      files[csv] = strToU8(exportCsv(table));
      listed.push({ path: csv, description: table.description, columns: table.columns });
    }
  }
  const readme = strToU8(exportReadme({ ...about, files: listed }));
  return zipSync({ 'README.txt': readme, ...files }, { mtime: about.madeAt });
}
