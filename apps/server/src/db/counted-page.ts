import { type SQL, sql } from 'drizzle-orm';

/**
 * A page and the count of everything it pages through, in one statement (the product list's, the sales
 * list's and the carts'): `total`, a scalar evaluated once, then `page`, a subquery with its own LIMIT and
 * OFFSET aliased `p`, of which each row selects `columns` (and the correlated subqueries of its details),
 * in `order`. The count is joined to the page with a LEFT JOIN, so that a page past the end still answers
 * it: one row whose columns are null (countedRows).
 *
 * Why one statement: each of these pages was three or four after the gate, each a pool connection, a round
 * trip and rows parsed, and for PostgreSQL a bind and an execution (the figures are with each caller).
 */
export function countedPage(parts: { total: SQL; columns: SQL; page: SQL; order: SQL; with?: SQL }): SQL {
  return sql`${parts.with ?? sql``}
    select c.total, ${parts.columns}
    from (select ${parts.total} as total) c left join (${parts.page}) p on true
    order by ${parts.order}`;
}

/** countedPage's rows as the count and the page's rows: none past the end, where the one row is the count's. */
export function countedRows<Row extends { total: unknown; id: unknown }>(rows: Row[]): { total: number; rows: Row[] } {
  return { total: Number(rows[0]?.total ?? 0), rows: rows[0]?.id == null ? [] : rows };
}

/** `alias.name` for each of `names` (a table's or a select's columns), as one list for a statement's SQL. */
export const columnsAt = (alias: string, names: readonly string[]): SQL =>
  sql.raw(names.map((name) => `${alias}.${name}`).join(', '));
