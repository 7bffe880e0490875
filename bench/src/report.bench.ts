/**
 * The report benchmark: one business with a year of trade (1,000,000 sale lines over 400,000 sales,
 * their payments, 50,000 expenses, 2,000 products) and a neighbour business beside it. Times the
 * 30-day report (GET /users/businesses/report/) through the real HTTP stack in process, with
 * BENCH_CONCURRENCY requests in flight at once, and prints p50/p95/p99. Exits 1 when p99 misses
 * its budget. Not part of `npm test`.
 *
 *   npm run bench:report -w bench      BENCH_SALES=40000 BENCH_ITERATIONS=50 npm run bench:report -w bench
 */
import { performance } from 'node:perf_hooks';
import { BUSINESS_ENDPOINTS } from '@oja/contract';
import { generateCatalogue } from './generate';
import { generateTrade } from './generate-sales';
import { startBench } from './harness';
import { percentile } from './measure';
import { createOwner, logIn } from './owner';

const SALES = Number(process.env.BENCH_SALES ?? 400_000);
const EXPENSES = Number(process.env.BENCH_EXPENSES ?? 50_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const WARMUP = Math.max(CONCURRENCY * 2, Math.round(ITERATIONS / 10));
const BUDGET_P99_MS = 300;
const DAYS = 30;

const lagosDay = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date(Date.now() + offset * 86_400_000));

/** `total` requests, `concurrency` of them in flight at any time; the latency of each. */
async function underLoad(total: number, concurrency: number, request: (round: number) => Promise<void>) {
  const samples: number[] = [];
  let next = 0;
  const worker = async () => {
    for (let round = next++; round < total; round = next++) {
      const started = performance.now();
      await request(round);
      samples.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { samples: samples.sort((a, b) => a - b), perSecond: total / seconds };
}

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(12);

async function main(): Promise<void> {
  const started = performance.now();
  const bench = await startBench('oja-bench-report-');
  const { database } = bench;
  try {
    const shop = await createOwner(database, 'main');
    const neighbour = await createOwner(database, 'neighbour');
    const client = await database.pool.connect();
    try {
      await generateCatalogue(client, neighbour.businessId, PRODUCTS / 4);
      await generateTrade(client, { ...neighbour, sales: SALES / 10, expenses: EXPENSES / 10 });
      await generateCatalogue(client, shop.businessId, PRODUCTS);
      await generateTrade(client, { ...shop, sales: SALES, expenses: EXPENSES });
      const counts = await client.query<{ lines: string; sales: string; expenses: string }>(
        `select (select count(*) from sale_lines where business_id = $1) as lines,
                (select count(*) from sales where business_id = $1) as sales,
                (select count(*) from expenses where business_id = $1) as expenses`,
        [shop.businessId],
      );
      const row = counts.rows[0];
      console.warn(
        `Generated ${Number(row?.lines).toLocaleString('en')} sale lines in ${Number(row?.sales).toLocaleString('en')} sales and ${Number(row?.expenses).toLocaleString('en')} expenses in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    } finally {
      client.release();
    }

    const app = await bench.startApp();
    const token = await logIn(app, shop.username);
    const query = { business_id: String(shop.businessId), from: lagosDay(-(DAYS - 1)), to: lagosDay(0) };
    let lastRevenue = '';
    const request = async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1${BUSINESS_ENDPOINTS.getReport.path}`,
        headers: { authorization: `Bearer ${token}` },
        query,
      });
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
      lastRevenue = JSON.stringify(response.json().response_data.net_profit);
    };

    await underLoad(WARMUP, CONCURRENCY, request);
    const rows: string[] = [];
    let failed = false;
    for (const concurrency of [1, CONCURRENCY]) {
      const { samples, perSecond } = await underLoad(ITERATIONS, concurrency, request);
      const p99 = percentile(samples, 0.99);
      const verdict = p99 < BUDGET_P99_MS ? 'ok' : 'MISSED';
      if (p99 >= BUDGET_P99_MS) failed = true;
      rows.push(
        `${String(concurrency).padStart(11)}${ms(percentile(samples, 0.5))}${ms(percentile(samples, 0.95))}${ms(p99)}${ms(samples.at(-1) ?? Number.NaN)}${perSecond.toFixed(1).padStart(9)}/s   p99 < ${BUDGET_P99_MS} ms ${verdict}`,
      );
    }
    const header = `${'in flight'.padStart(11)}${'p50'.padStart(12)}${'p95'.padStart(12)}${'p99'.padStart(12)}${'max'.padStart(12)}${'rate'.padStart(11)}`;
    process.stdout.write(
      `\nGET ${BUSINESS_ENDPOINTS.getReport.path} over the last ${DAYS} days, ${ITERATIONS} requests per row after ${WARMUP} warm-up\n(net profit ${lastRevenue})\n\n${header}\n${rows.join('\n')}\n\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s. ${failed ? 'The budget was MISSED.' : 'Budget met.'}\n`,
    );
    process.exitCode = failed ? 1 : 0;
  } finally {
    await bench.close();
  }
}

await main();
