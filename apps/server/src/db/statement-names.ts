import type pg from 'pg';

/**
 * Statements planned once per connection instead of on every run.
 *
 * PostgreSQL plans an unnamed statement each time it runs. On the statements a sale makes (a handful of
 * rows each, by primary key or a business's index), planning costs several times more than running (the
 * batches a sale takes from, the cart's lines with their products: EXPLAIN ANALYZE). A named statement is parsed and planned on
 * the first run on a connection; later runs only bind and execute, and after five runs PostgreSQL keeps a
 * generic plan unless the values change the plan's cost (plan_cache_mode auto).
 *
 * So every statement with parameters that this process has run before gets a name from its text, the way
 * postgres.js and pgx prepare by default. A text seen once stays unnamed: a one-off (an IN list of an
 * unusual length) leaves no plan behind on the server. The names are capped, so that the statements kept
 * per connection stay bounded whatever the queries. Through PgBouncer in transaction mode these are
 * protocol-level prepared statements, which it keeps working from 1.21 (max_prepared_statements; ADR 0008).
 */
export class StatementNames {
  /**
   * A text's runs so far, its name once it has one, or PLANNED_PER_RUN: the map answers a text seen before
   * without running the pattern below over it again, which showed in the sale's CPU profile.
   */
  private readonly texts = new Map<string, number | string>();
  private named = 0;

  constructor(
    private readonly limits = {
      /** Distinct texts given a name, per process (each connection keeps at most these). */
      names: 500,
      /** Distinct texts counted before they earn a name; past it, new texts are not tracked. */
      tracked: 5_000,
    },
  ) {}

  /** The name this text runs under, or undefined to run it unnamed. */
  nameOf(text: string): string | undefined {
    const seen = this.texts.get(text);
    if (typeof seen === 'string') return seen;
    if (seen === PLANNED_PER_RUN) return undefined;
    if (seen === undefined) {
      const runs = PLANNED_FOR_VALUES.test(text) ? PLANNED_PER_RUN : 1;
      if (this.texts.size < this.limits.tracked) this.texts.set(text, runs);
      return undefined;
    }
    if (this.named >= this.limits.names) return undefined;
    this.named += 1;
    const name = `oja_s${this.named}`;
    this.texts.set(text, name);
    return name;
  }
}

/** What StatementNames keeps for a text that PLANNED_FOR_VALUES leaves unnamed. */
const PLANNED_PER_RUN = -1;

/**
 * Statements whose best plan depends on their values stay unnamed, because a generic plan is made for an
 * average business, and the largest one pays for it:
 * - a list of values (`in ($2, $3, …)`, `= any($2)`): a page of the sales list read by primary key walked
 *   the business's created-at index under the generic plan, hundreds of times slower than planned for its
 *   values (plan_cache_mode force_generic_plan), and the bench's sales list lost most of its throughput;
 * - a LIMIT, OFFSET or FETCH FIRST given as a parameter: PostgreSQL's generic plan guesses a tenth of the
 *   rows for it, which can turn an ordered index walk of a page into a sort of the whole business's rows.
 * What remains named is the path every sale and every gate takes: lookups and writes by key.
 *
 * A statement whose plan is the same whatever its page opts in by writing its LIMIT in the text and its
 * OFFSET in parentheses, `offset ($n)`, which this pattern leaves alone on purpose: the product list's
 * walk down an index in the page's order, the search's sort of all its matches (list-products.ts, each
 * with the EXPLAIN that shows it). A list that only filters a row found by its key opts in the same way,
 * `any(($n)::text[])`: the roles the folded gate lets through (platform/gate.ts).
 */
const PLANNED_FOR_VALUES = /\bin \(\$\d|= any\s*\(\$\d|\blimit \$\d|\boffset \$\d|\bfetch first \$\d/i;

type QueryArgs = Parameters<pg.Client['query']>;

/**
 * Gives this client's parameterised statements their names. Only statements with parameters: a text
 * without them may hold several statements (a migration), which only the simple protocol runs. A query
 * object that runs itself (a cursor, COPY) or that already has a name goes through as it is.
 */
export function nameStatements(client: pg.Client, names: StatementNames): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: QueryArgs) => {
    const [config, values] = args as unknown[];
    if (typeof config !== 'object' || config === null || 'submit' in config) return query(...args);
    const statement = config as pg.QueryConfig;
    const parameters = Array.isArray(values) ? values : statement.values;
    if (statement.name || !statement.text || !parameters || parameters.length === 0) return query(...args);
    const name = names.nameOf(statement.text);
    if (!name) return query(...args);
    return query({ ...statement, name }, ...args.slice(1));
  }) as pg.Client['query'];
}
