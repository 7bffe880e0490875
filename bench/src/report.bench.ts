/**
 * The report benchmark: one business with a year of trade (1,000,000 sale lines over 400,000 sales,
 * their payments, 50,000 expenses, 2,000 products) and a neighbour business beside it. Times the
 * 30-day report (GET /users/businesses/report/), the report of 30 days eleven months ago, then the overview
 * (GET /users/businesses/overview/), through the real HTTP stack in process, one at a time and with
 * BENCH_CONCURRENCY requests in flight, and prints p50/p95/p99. Exits 1 when a p99 misses its budget (300 ms
 * for each report, 50 ms). Not part of `npm test`.
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
/** Issue 14's budget for the overview of a business this size. */
const OVERVIEW_BUDGET_P99_MS = 50;
const DAYS = 30;
/** The past period ends this many days ago: what a shop owner compares this month with, last year's. */
const PAST_DAYS_AGO = 330;

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
      // The triggers filled the report's totals in bulk; autovacuum would analyze them within a minute.
      await client.query(
        'vacuum analyze report_sale_days, report_product_days, report_products, report_product_totals, report_payment_days, report_expense_days, report_debtors',
      );
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
    const periodOf = (from: number, to: number) => ({
      business_id: String(shop.businessId),
      from: lagosDay(from),
      to: lagosDay(to),
    });
    const recent = periodOf(-(DAYS - 1), 0);
    // A past period's best sellers are named from its own last line, not by walking back from the newest
    // (modules/reports/sale-figures.ts): 11 months of each listed product's lines.
    const past = periodOf(-(PAST_DAYS_AGO + DAYS - 1), -PAST_DAYS_AGO);
    const lastRevenue = new Map<object, string>();
    const get = async (path: string, query: Record<string, string>) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1${path}`,
        headers: { authorization: `Bearer ${token}` },
        query,
      });
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
      return response.json().response_data;
    };
    const reportOf = (period: Record<string, string>) => async () => {
      lastRevenue.set(period, JSON.stringify((await get(BUSINESS_ENDPOINTS.getReport.path, period)).net_profit));
    };
    // The overview reads the same totals (all-time revenue and best seller, the 7-day trend, the debtors).
    const overview = async () => {
      await get(BUSINESS_ENDPOINTS.getOverview.path, { business_id: String(shop.businessId) });
    };

    const header = `${'in flight'.padStart(11)}${'p50'.padStart(12)}${'p95'.padStart(12)}${'p99'.padStart(12)}${'max'.padStart(12)}${'rate'.padStart(11)}`;
    let failed = false;
    const table = async (request: () => Promise<void>, budget: number) => {
      await underLoad(WARMUP, CONCURRENCY, request);
      const rows: string[] = [];
      for (const concurrency of [1, CONCURRENCY]) {
        const { samples, perSecond } = await underLoad(ITERATIONS, concurrency, request);
        const p99 = percentile(samples, 0.99);
        if (p99 >= budget) failed = true;
        rows.push(
          `${String(concurrency).padStart(11)}${ms(percentile(samples, 0.5))}${ms(percentile(samples, 0.95))}${ms(p99)}${ms(samples.at(-1) ?? Number.NaN)}${perSecond.toFixed(1).padStart(9)}/s   p99 < ${budget} ms ${p99 < budget ? 'ok' : 'MISSED'}`,
        );
      }
      return `${header}\n${rows.join('\n')}`;
    };
    const reportTable = await table(reportOf(recent), BUDGET_P99_MS);
    const pastTable = await table(reportOf(past), BUDGET_P99_MS);
    const overviewTable = await table(overview, OVERVIEW_BUDGET_P99_MS);
    const reportPath = BUSINESS_ENDPOINTS.getReport.path;
    process.stdout.write(
      `\nGET ${reportPath} over the last ${DAYS} days, ${ITERATIONS} requests per row after ${WARMUP} warm-up\n(net profit ${lastRevenue.get(recent)})\n\n${reportTable}\n\nGET ${reportPath} from ${past.from} to ${past.to}\n(net profit ${lastRevenue.get(past)})\n\n${pastTable}\n\nGET ${BUSINESS_ENDPOINTS.getOverview.path}\n\n${overviewTable}\n\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s. ${failed ? 'A budget was MISSED.' : 'Budgets met.'}\n`,
    );
    process.exitCode = failed ? 1 : 0;
  } finally {
    await bench.close();
  }
}

await main();
