import { type SQL, sql } from 'drizzle-orm';
import type { OrPlaceholder } from './built-once';

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
 *
 * With `offset`, where `total` counts the rows the page is taken from, the page is read only when the count
 * reaches past its offset: a search that matches nothing, or a page past the end, answers its count without
 * walking for rows that the count has just found are not there. The count comes first (the join's outer side),
 * and the page is a lateral subquery kept whole (`offset 0`, which PostgreSQL does not flatten), so that its
 * condition on the count is a one-time filter: evaluated before the page's plan runs, which then never runs
 * when it is false. Flattened, the same condition was a join filter applied after the page had been read:
 * a search of the receipts that no name holds read the names once for the count and again in the page's walk.
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
  /** The page's offset, where `total` is the count of what the page pages through: the page read only past it. */
  offset?: OrPlaceholder<number>;
  /** The gate folded in (platform/gate.ts): its CTE first, its row first in the join, its columns on each row. */
  gate?: { cte: SQL; from: SQL; columns: SQL };
}): SQL {
  const { gate } = parts;
  const ctes = [gate?.cte, parts.ctes].filter((cte) => cte !== undefined);
  const total = sql.identifier(parts.totalAs ?? 'total');
  const counted =
    parts.offset === undefined
      ? sql`(select ${parts.total} as ${total}) c left join (${parts.page}) p on true`
      : sql`(select ${parts.total} as ${total} offset 0) c
        left join lateral (select * from (${parts.page}) q where c.${total} > ${parts.offset} offset 0) p on true`;
  return sql`${ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)}` : sql``}
    select ${gate ? sql`${gate.columns}, ` : sql``}c.${total}, ${parts.columns}
    from ${gate ? sql`${gate.from} cross join ` : sql``}${counted}
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
