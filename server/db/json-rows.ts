import 'server-only';
import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * A row of `table` from values keyed by column name, decoded by the table's own column types as
 * drizzle decodes a selected row: a driver's row of a hand-written statement (statements.ts), or
 * a row nested as JSON (`to_json(alias)`), which lets one query return an order with its parts
 * where drizzle would take a query per table. A column left out comes back null.
 */
export function rowFromColumns<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columnsOf(table)) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

type Column = ReturnType<typeof getTableColumns>[string];

/** A table's columns by property name, listed once: an order page reads five tables on every poll. */
const COLUMNS = new WeakMap<Table, [string, Column][]>();

function columnsOf(table: Table): [string, Column][] {
  let columns = COLUMNS.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table));
    COLUMNS.set(table, columns);
  }
  return columns;
}
