import { ReferenceKind, type EntityMetadata, type MikroORM } from '@mikro-orm/core';

interface ColumnRow {
  table_name: string;
  column_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
}

/** Runs one parameterised query and answers its rows (a pg client's or the ORM connection's). */
export type QueryRows = (sql: string, params: unknown[]) => Promise<ColumnRow[]>;

const STORED_KINDS = new Set<ReferenceKind>([
  ReferenceKind.SCALAR,
  ReferenceKind.MANY_TO_ONE,
  ReferenceKind.ONE_TO_ONE,
]);

function storedProperties(meta: EntityMetadata) {
  return Object.values(meta.properties).filter(
    (prop) =>
      STORED_KINDS.has(prop.kind) &&
      prop.persist !== false &&
      !prop.formula &&
      !prop.embedded &&
      (prop.kind !== ReferenceKind.ONE_TO_ONE || prop.owner),
  );
}

/**
 * Where a service's entities and the tables its hand-written migrations made disagree, in words (empty when they
 * agree): an entity's table or column that does not exist, a nullable property over a NOT NULL column (the ORM would
 * write a null the database refuses), and a NOT NULL column without a default that no property fills (the ORM's
 * inserts would fail). Indexes and constraints are the migrations' alone and are not compared.
 */
export async function entityTableDrift(
  orm: Pick<MikroORM, 'getMetadata'>,
  schema: string,
  query: QueryRows,
): Promise<string[]> {
  const rows = await query(
    `select table_name, column_name, is_nullable, column_default, is_identity
       from information_schema.columns where table_schema = $1`,
    [schema],
  );
  const columns = new Map<string, Map<string, ColumnRow>>();
  for (const row of rows) {
    const table = columns.get(row.table_name) ?? new Map<string, ColumnRow>();
    table.set(row.column_name, row);
    columns.set(row.table_name, table);
  }

  const problems: string[] = [];
  const entities = [...orm.getMetadata().getAll().values()].filter(
    (meta) => !meta.abstract && !meta.virtual && !meta.embeddable && (meta.schema ?? schema) === schema,
  );
  for (const meta of entities) {
    const table = columns.get(meta.tableName);
    if (!table) {
      problems.push(`${meta.className}: table ${schema}.${meta.tableName} does not exist`);
      continue;
    }
    const mapped = new Set<string>();
    for (const prop of storedProperties(meta)) {
      for (const field of prop.fieldNames) {
        mapped.add(field);
        const column = table.get(field);
        if (!column)
          problems.push(`${meta.className}.${prop.name}: column ${meta.tableName}.${field} does not exist`);
        else if (prop.nullable && column.is_nullable === 'NO' && column.column_default === null) {
          problems.push(
            `${meta.className}.${prop.name} is nullable but ${meta.tableName}.${field} is NOT NULL`,
          );
        }
      }
    }
    for (const [name, column] of table) {
      const filledByDatabase = column.column_default !== null || column.is_identity === 'YES';
      if (!mapped.has(name) && column.is_nullable === 'NO' && !filledByDatabase) {
        problems.push(
          `${meta.tableName}.${name} is NOT NULL without a default and no property of ${meta.className} fills it`,
        );
      }
    }
  }
  return problems;
}
