/**
 * Prices that follow inflation (ADR 0023), on the load bench's large catalogue: 100,000 products of
 * generateCatalogue's shape, filed under twenty categories of 5,000 each. Through the whole HTTP stack in process
 * (app.inject), it times the inventory filtered by a category beside the plain list (the ratio is the figure: on a
 * shared machine the absolute milliseconds move with the neighbours), and a bulk change of one category's 5,000
 * products: its preview, its apply and its undo.
 *
 *   npm run bench:prices -w bench        BENCH_PRODUCTS=20000 BENCH_ITERATIONS=50
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { IDEMPOTENCY_HEADER, REPRICING_MAX_PRODUCTS, STOCK_ENDPOINTS } from '@oja/contract';
import { CATEGORIES, generateCatalogue } from './generate';
import { startBench } from './harness';
import { hostSpeedMs } from './host-speed';
import { type Figures, measure, percentile } from './measure';
import { createOwner, logIn } from './owner';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const WARMUP = Math.max(10, Math.round(ITERATIONS / 10));
/** A bulk change writes 5,000 products' prices and history: a few rounds are enough to see its spread. */
const CHANGES = Number(process.env.BENCH_CHANGES ?? 10);

const figuresOf = (samples: number[]): Figures => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => percentile(sorted, q);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? Number.NaN };
};
const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(11);
const row = (name: string, figures: Figures, note = '') =>
  `${name.padEnd(40)}${ms(figures.p50)}${ms(figures.p95)}${ms(figures.max)}   ${note}`;

async function main(): Promise<void> {
  const started = performance.now();
  const speedBefore = hostSpeedMs();
  const bench = await startBench('oja-bench-prices-');
  try {
    const shop = await createOwner(bench.database, 'prices');
    const client = await bench.database.pool.connect();
    try {
      // Generation is one long statement per table: on a machine shared with other work it outlasts the pool's
      // statement timeout, which is the requests' and not the data's.
      await client.query('set statement_timeout = 0');
      await generateCatalogue(client, shop.businessId, PRODUCTS);
    } finally {
      client.release();
    }
    const { rows } = await bench.database.pool.query<{ id: string; products: number }>(
      `select c.id, count(p.id)::int as products from product_categories c
       join products p on p.business_id = c.business_id and p.category_id = c.id
       where c.business_id = $1 group by c.id order by c.id limit 1`,
      [shop.businessId],
    );
    const category = { id: Number(rows[0]?.id), products: rows[0]?.products ?? 0 };
    if (category.products > REPRICING_MAX_PRODUCTS) throw new Error(`${category.products} products: over the limit`);
    console.warn(
      `Generated ${PRODUCTS.toLocaleString('en')} products in ${CATEGORIES.length} categories (${category.products.toLocaleString('en')} in "${CATEGORIES[0]}") in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const app = await bench.startApp();
    const token = await logIn(app, shop.username);
    const authorization = `Bearer ${token}`;
    const list = (query: Record<string, string | number>) => async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1${STOCK_ENDPOINTS.listProducts.path}`,
        headers: { authorization },
        query: Object.fromEntries(
          Object.entries({ business_id: shop.businessId, ...query }).map(([key, value]) => [key, String(value)]),
        ),
      });
      if (response.statusCode !== 200) throw new Error(`list: ${response.statusCode} ${response.body}`);
    };
    const post = async (path: string, body: Record<string, unknown>, status: number) => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1${path}`,
        headers: { authorization, [IDEMPOTENCY_HEADER]: randomUUID() },
        payload: { business_id: shop.businessId, ...body },
      });
      if (response.statusCode !== status) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
      return response.json().response_data;
    };
    const change = { category_id: category.id, method: 'percent', direction: 'raise', value: '10', round_to: 50 };

    const lines: string[] = [];
    const options = { warmup: WARMUP, iterations: ITERATIONS };
    const page = await measure((round) => list({ page: 1 + (round % 50) })(), options);
    lines.push(row('list a page (pages 1-50)', page));
    const filtered = await measure((round) => list({ category_id: category.id, page: 1 + (round % 50) })(), options);
    lines.push(row('filter by a category (pages 1-50)', filtered, `${(filtered.p50 / page.p50).toFixed(2)}× the page`));
    const searched = await measure(() => list({ category_id: category.id, search: 'milk' })(), options);
    lines.push(row('category + search "milk"', searched, `${(searched.p50 / page.p50).toFixed(2)}× the page`));

    let previewed = 0;
    const preview = await measure(
      async () => {
        previewed = (await post(STOCK_ENDPOINTS.previewRepricing.path, change, 200)).count;
      },
      { warmup: 2, iterations: CHANGES },
    );
    lines.push(row(`preview +10% of ${previewed.toLocaleString('en')} products`, preview));
    // Each apply is undone before the next, so every round changes the same prices from the same start.
    const applies: number[] = [];
    const undos: number[] = [];
    for (let round = 0; round <= CHANGES; round++) {
      const applyStarted = performance.now();
      const applied = await post(STOCK_ENDPOINTS.applyRepricing.path, change, 201);
      const undoStarted = performance.now();
      await post(STOCK_ENDPOINTS.undoRepricing.path, { id: applied.id }, 200);
      // The first round warms up.
      if (round === 0) continue;
      applies.push(undoStarted - applyStarted);
      undos.push(performance.now() - undoStarted);
    }
    const apply = figuresOf(applies);
    lines.push(
      row(
        `apply it (${previewed.toLocaleString('en')} prices written)`,
        apply,
        `${(apply.p50 / preview.p50).toFixed(2)}× the preview`,
      ),
    );
    lines.push(row('undo it', figuresOf(undos), `${(figuresOf(undos).p50 / preview.p50).toFixed(2)}× the preview`));

    const speedAfter = hostSpeedMs();
    process.stdout.write(
      `\n${PRODUCTS.toLocaleString('en')} products; host speed ${speedBefore.toFixed(0)} ms before, ${speedAfter.toFixed(0)} ms after (lower is faster)\n\n${'scenario'.padEnd(40)}${'p50'.padStart(11)}${'p95'.padStart(11)}${'max'.padStart(11)}\n${lines.join('\n')}\n\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s.\n`,
    );
  } finally {
    await bench.close();
  }
}

await main();
