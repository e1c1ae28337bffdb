import type { ExportPart } from '@aba/contracts/api';
import type { ExportCoverage } from '../account-export/export-table.js';

/** Lists the base tables of a schema (as its owner sees them). */
export const SCHEMA_TABLES_SQL = `select table_name as "name" from information_schema.tables
  where table_schema = ? and table_type = 'BASE TABLE' order by table_name`;

/**
 * Where a service's export and its schema part ways: tables the coverage does not list (`unlisted`), listed tables the
 * schema no longer has (`stale`), and tables the coverage says are exported that the part lacks (`missing`, by the
 * part's table name). All empty when every table holding data about the caller is in the export or explained.
 */
export function exportCoverageGaps(
  tables: readonly string[],
  coverage: ExportCoverage,
  part: ExportPart,
): { unlisted: string[]; stale: string[]; missing: string[] } {
  const listed = Object.keys(coverage);
  const exported = new Set(part.tables.map((table) => table.name));
  return {
    unlisted: tables.filter((table) => !listed.includes(table)),
    stale: listed.filter((table) => !tables.includes(table)),
    missing: Object.values(coverage).flatMap((entry) =>
      'exportedAs' in entry && !exported.has(entry.exportedAs) ? [entry.exportedAs] : [],
    ),
  };
}
