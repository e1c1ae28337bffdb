/** Runs a statement with `?` placeholders; answers its rows. */
export type SqlQuery = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

/** Where a needle was found: the table and column, and how many rows hold it. */
export interface TextHit {
  needle: string;
  table: string;
  column: string;
  rows: number;
}

/**
 * Every column of every table of `schemas` that can hold text (text, varchar, char, json, jsonb, arrays of them) in
 * which some row holds one of `needles` (case-insensitive, anywhere in the value): what an erasure test asks to be
 * empty. Tables listed in `except` (`schema.table`) are passed over.
 */
export async function textHits(
  sql: SqlQuery,
  schemas: readonly string[],
  needles: readonly string[],
  except: readonly string[] = [],
): Promise<TextHit[]> {
  const columns = await sql<{ schema: string; table: string; column: string }>(
    `select c.table_schema as "schema", c.table_name as "table", c.column_name as "column"
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = any(string_to_array(?, ',')) and t.table_type = 'BASE TABLE'
        and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
             or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar')))
      order by 1, 2, 3`,
    [schemas.join(',')],
  );
  const hits: TextHit[] = [];
  for (const { schema, table, column } of columns) {
    if (except.includes(`${schema}.${table}`)) continue;
    for (const needle of needles) {
      const [{ rows }] = await sql<{ rows: number }>(
        `select count(*)::int as "rows" from "${schema}"."${table}" where "${column}"::text ilike ?`,
        [`%${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`],
      );
      if (rows > 0) hits.push({ needle, table: `${schema}.${table}`, column, rows });
    }
  }
  return hits;
}
