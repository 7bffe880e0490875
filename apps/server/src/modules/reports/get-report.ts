import type { BusinessReport, CurrencyAmount } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { builtOnceSql } from '../../db/built-once';
import { transaction } from '../../db/transaction';
import { inFlightLimit } from '../../platform/in-flight';
import type { BusinessContext } from '../../platform/tenancy';
import { collectedByMethodFrom, collectedByMethodJson, type MethodTuple } from './collected-by-method';
import { dailyFigures, type MoneyFigures, moneyFigures, type PeriodValues, placeheldPeriod } from './period-figures';
import {
  type DayTuple,
  periodOf,
  revenueByDayFrom,
  revenueByDayJson,
  saleTotalsFrom,
  saleTotalsJson,
  type TotalsTuple,
  topProductsBoth,
} from './sale-figures';
import { salesByEmployee, salesByPaymentStatus, topDebtors } from './sale-tables';
import { expiredBatches, expiringBatches, lowStock, stockValue } from './stock-figures';

const TOP_PRODUCTS = 10;
const TOP_DEBTORS = 10;
const STOCK_ROWS = 50;

/**
 * At most this many reports of one server process run their statements at once; the others wait their
 * turn, in order (none is refused). Under load, 4 answered about as many reports per second as no limit, with
 * a lower p99, than the 12 statements sent at once (ADR 0009). It also leaves the rest of the pool to the sales.
 */
export const REPORTS_IN_FLIGHT = 4;

const reportTurn = inFlightLimit(REPORTS_IN_FLIGHT);

type SaleFiguresRow = { totals: TotalsTuple[] | null; days: DayTuple[] | null; by_method: MethodTuple[] | null };

/**
 * The period's sale totals, revenue per day and money collected by method: their figures' own JSON subqueries
 * (the ones saleTotals, revenueByDay and collectedByMethod run alone), in one statement built once per process,
 * as the overview's is (get-overview.ts).
 */
const saleFiguresStatement = builtOnceSql<PeriodValues, SaleFiguresRow>(() => {
  const { scope, period } = placeheldPeriod();
  return sql`select ${saleTotalsJson(scope, period)} as totals, ${revenueByDayJson(scope, period)} as days,
    ${collectedByMethodJson(scope.businessId, period)} as by_method`;
});

/**
 * The reports page over a period of Lagos days: revenue, cost, expenses and profit per currency and
 * per day, the sales tables, and the stock. Cancelled sales count nowhere. The figures read maintained
 * totals (docs/adr/0009-report-totals.md): a handful of rows per day, however many lines; the stock value
 * and the last 30 days' best sellers one row per key.
 *
 * The statements run one after the other on one connection (a transaction only holds it; each statement
 * still reads what is committed when it starts). Sent at once (Promise.all) they took up to 12 of the pool's
 * connections per report.
 */
export async function getBusinessReport(
  context: BusinessContext,
  input: { from: string; to: string; category_id?: number },
): Promise<BusinessReport> {
  const scope = { businessId: context.businessId };
  const period = periodOf(input.from, input.to);
  const values = { businessId: context.businessId, from: input.from, to: input.to };
  const { sold, best, money, daily, employees, statuses, debtors, value, low, soon, expired } = await reportTurn(() =>
    transaction(context.db, async (db) => ({
      sold: (await saleFiguresStatement(db, values))[0],
      best: await topProductsBoth(db, scope, TOP_PRODUCTS, period, input.category_id),
      money: await moneyFigures(db, values),
      daily: await dailyFigures(db, values),
      employees: await salesByEmployee(db, scope, period),
      statuses: await salesByPaymentStatus(db, scope, period),
      debtors: await topDebtors(db, context.businessId, TOP_DEBTORS),
      value: await stockValue(db, context.businessId),
      // The product tables follow the category filter; the money figures stay the business's.
      low: await lowStock(db, context.businessId, STOCK_ROWS, input.category_id),
      soon: await expiringBatches(db, context.businessId, STOCK_ROWS, true, input.category_id),
      expired: await expiredBatches(db, context.businessId, STOCK_ROWS, true, input.category_id),
    })),
  );
  const totals = saleTotalsFrom(sold?.totals ?? null);
  const amounts = (field: keyof MoneyFigures): CurrencyAmount[] =>
    money.map((row) => ({ currency: row.currency, amount: String(row[field]) }));
  return {
    from: input.from,
    to: input.to,
    total_revenue: totals.amounts,
    total_sales: totals.count,
    revenue_by_day: revenueByDayFrom(sold?.days ?? null),
    top_products: best.byQuantity,
    top_products_by_revenue: best.byRevenue,
    cost_of_goods_sold: amounts('cost_of_goods_sold'),
    gross_profit: amounts('gross_profit'),
    expenses: amounts('expenses'),
    net_profit: amounts('net_profit'),
    collected: amounts('collected'),
    collected_by_method: collectedByMethodFrom(sold?.by_method ?? null),
    outstanding: amounts('outstanding'),
    daily,
    sales_by_employee: employees,
    sales_by_payment_status: statuses,
    top_debtors: debtors,
    stock_value: value,
    low_stock: low,
    expiring: soon,
    expired,
  };
}
