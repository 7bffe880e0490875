/**
 * The inventory benchmark: one business with 100,000 products (and a neighbour
 * business beside it), measured through the real HTTP stack in process
 * (app.inject: authentication, the membership check, the queries, the JSON).
 * Prints p50/p95/p99 per scenario; exits 1 when a budgeted scenario misses it.
 *
 *   npm run bench            BENCH_PRODUCTS=20000 BENCH_ITERATIONS=100 npm run bench
 */
import { performance } from 'node:perf_hooks';
import { STOCK_ENDPOINTS } from '@oja/contract';
import { generateCatalogue } from './generate';
import { startBench } from './harness';
import { type Figures, measure } from './measure';
import { createOwner, logIn } from './owner';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const NEIGHBOUR_PRODUCTS = Math.round(PRODUCTS / 5);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 300);
const WARMUP = Math.max(10, Math.round(ITERATIONS / 10));
const BUDGET_P99_MS = 20;

/** Parts of names a shopkeeper types: broad ("milk") and narrow ("peak milk 400"). */
const NAME_SEARCHES = [
  'sardin',
  'golden pen',
  'spaghet',
  'tomato paste',
  'milk',
  'peak milk 400',
  'kings veg',
  'ola-ola',
  'yoghurt',
  'noodle',
  'seasoning cu',
  'mayonn',
];

type Scenario = { name: string; budgeted: boolean; query: (round: number) => Record<string, string | number> };

const scenarios: Scenario[] = [
  { name: 'list a page (pages 1-50)', budgeted: true, query: (round) => ({ page: 1 + (round % 50) }) },
  {
    name: 'search part of a name',
    budgeted: true,
    query: (round) => ({ search: NAME_SEARCHES[round % NAME_SEARCHES.length]! }),
  },
  {
    name: 'search part of a SKU',
    budgeted: true,
    query: (round) => ({ search: `sku-0${String((round * 7919) % 9999).padStart(4, '0')}` }),
  },
  { name: 'list a deep page (page 4000)', budgeted: false, query: () => ({ page: 4000 }) },
  { name: 'filter in stock', budgeted: false, query: (round) => ({ stock: 'in_stock', page: 1 + (round % 5) }) },
  {
    name: 'filter out of stock',
    budgeted: false,
    query: (round) => ({ stock: 'out_of_stock', page: 1 + (round % 5) }),
  },
  { name: 'filter expiring soon', budgeted: false, query: () => ({ expiring: 'soon' }) },
  {
    name: 'search + in stock',
    budgeted: false,
    query: (round) => ({ search: NAME_SEARCHES[round % NAME_SEARCHES.length]!, stock: 'in_stock' }),
  },
];

const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(10);

async function main(): Promise<void> {
  const started = performance.now();
  const bench = await startBench('oja-bench-');
  const { database } = bench;
  try {
    const shop = await createOwner(database, 'main');
    const neighbour = await createOwner(database, 'neighbour');
    const client = await database.pool.connect();
    try {
      await generateCatalogue(client, neighbour.businessId, NEIGHBOUR_PRODUCTS);
      await generateCatalogue(client, shop.businessId, PRODUCTS);
    } finally {
      client.release();
    }
    const generated = performance.now();
    console.warn(
      `Generated ${PRODUCTS.toLocaleString('en')} products (+${NEIGHBOUR_PRODUCTS.toLocaleString('en')} in a neighbour business) in ${((generated - started) / 1000).toFixed(1)} s`,
    );

    const app = await bench.startApp();
    const token = await logIn(app, shop.username);

    const rows: string[] = [];
    let failed = false;
    for (const scenario of scenarios) {
      let lastCount = 0;
      const figures: Figures = await measure(
        async (round) => {
          const response = await app.inject({
            method: 'GET',
            url: `/api/v1${STOCK_ENDPOINTS.listProducts.path}`,
            headers: { authorization: `Bearer ${token}` },
            query: Object.fromEntries(
              Object.entries({ business_id: shop.businessId, ...scenario.query(round) }).map(([k, v]) => [
                k,
                String(v),
              ]),
            ),
          });
          if (response.statusCode !== 200) throw new Error(`${scenario.name}: ${response.statusCode} ${response.body}`);
          lastCount = response.json().response_data.count;
        },
        { warmup: WARMUP, iterations: ITERATIONS },
      );
      const verdict = scenario.budgeted
        ? figures.p99 < BUDGET_P99_MS
          ? `p99 < ${BUDGET_P99_MS} ms  ok`
          : `p99 < ${BUDGET_P99_MS} ms  MISSED`
        : '(no budget)';
      if (scenario.budgeted && figures.p99 >= BUDGET_P99_MS) failed = true;
      rows.push(
        `${scenario.name.padEnd(30)}${ms(figures.p50)}${ms(figures.p95)}${ms(figures.p99)}${ms(figures.max)}   ${verdict}   (last count ${lastCount})`,
      );
    }
    const header = `${'scenario'.padEnd(30)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'p99'.padStart(10)}${'max'.padStart(10)}   budget`;
    process.stdout.write(
      `\nGET ${STOCK_ENDPOINTS.listProducts.path} with ${PRODUCTS.toLocaleString('en')} products in the business, ${ITERATIONS} requests per scenario after ${WARMUP} warm-up\n\n${header}\n${rows.join('\n')}\n\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s. ${failed ? 'A budget was MISSED.' : 'Every budget met.'}\n`,
    );
    process.exitCode = failed ? 1 : 0;
  } finally {
    await bench.close();
  }
}

await main();
