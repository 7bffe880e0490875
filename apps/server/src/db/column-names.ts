import { type Column, type SQL, sql } from 'drizzle-orm';

/**
 * Columns by their bare names, `"a", "b"`: an INSERT's column list, where `${column}` in drizzle's sql template
 * would write the table's name before each.
 */
export const columnNames = (...columns: Column[]): SQL =>
  sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
