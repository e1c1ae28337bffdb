import type { ExportTable, ExportValue } from '@aba/contracts/api';

/** An instant as Postgres writes a `timestamptz` column's text (`2026-11-27 05:53:03.694+00`). */
const POSTGRES_INSTANT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?[+-]\d{2}(?::?\d{2})?$/;

/**
 * A value as an exported cell: instants (a Date, or a timestamp column's text as raw SQL reads it) as ISO 8601 text,
 * structured values (JSON columns) as their JSON text.
 */
function cell(value: unknown): ExportValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' && POSTGRES_INSTANT.test(value)) return new Date(value).toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}

/** One table of a service's export part: `columns` of each of `rows`, in that order, as cells. */
export function exportTable(
  name: string,
  description: string,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): ExportTable {
  return {
    name,
    description,
    columns: [...columns],
    rows: rows.map((row) => Object.fromEntries(columns.map((column) => [column, cell(row[column])]))),
  };
}

/**
 * What a service's export does with each table of its schema: the part's table that holds its rows about the caller
 * and their children, or why it holds none (technical rows, or data about no one). The export's coverage test holds
 * it equal to the schema's tables, so a new table is exported or explained.
 */
export type ExportCoverage = Readonly<Record<string, { exportedAs: string } | { notExported: string }>>;
