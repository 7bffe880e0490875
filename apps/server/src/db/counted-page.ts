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
 *
 * With `gate` (platform/gate.ts) the gate's check is folded in too: its CTE first, its row first in the join,
 * so that no gate row means no row at all, and the count and the page are evaluated only for the gate's row.
 */
export function countedPage(parts: {
  total: SQL;
  /** The scalar's column name, `total` unless it is another figure (the search's version, list-products.ts). */
  totalAs?: string;
  columns: SQL;
  page: SQL;
  order: SQL;
  /** The statement's CTEs, without `with`. */
  ctes?: SQL;
  /** The gate folded in (platform/gate.ts): its CTE first, its row first in the join, its columns on each row. */
  gate?: { cte: SQL; from: SQL; columns: SQL };
}): SQL {
  const { gate } = parts;
  const ctes = [gate?.cte, parts.ctes].filter((cte) => cte !== undefined);
  const total = sql.identifier(parts.totalAs ?? 'total');
  return sql`${ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)}` : sql``}
    select ${gate ? sql`${gate.columns}, ` : sql``}c.${total}, ${parts.columns}
    from ${gate ? sql`${gate.from} cross join ` : sql``}(select ${parts.total} as ${total}) c left join (${parts.page}) p on true
    order by ${parts.order}`;
}

/** countedPage's rows as the count and the page's rows: none past the end, where the one row is the count's. */
export function countedRows<Row extends { total: unknown; id: unknown }>(rows: Row[]): { total: number; rows: Row[] } {
  return { total: Number(rows[0]?.total ?? 0), rows: pageRows(rows) };
}

/** countedPage's rows without the scalar's row past the end. */
export const pageRows = <Row extends { id: unknown }>(rows: Row[]): Row[] => (rows[0]?.id == null ? [] : rows);

/** `alias.name` for each of `names` (a table's or a select's columns), as one list for a statement's SQL. */
export const columnsAt = (alias: string, names: readonly string[]): SQL =>
  sql.raw(names.map((name) => `${alias}.${name}`).join(', '));
