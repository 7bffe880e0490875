import type { BusinessReport, CurrencyAmount } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { builtOnceSql, builtOnceSqlPer } from '../../db/built-once';
import { eachRun } from '../../db/limit';
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
import {
  type DebtorTuple,
  debtorsFrom,
  type EmployeeTuple,
  employeesFrom,
  type StatusTuple,
  salesByEmployeeJson,
  salesByPaymentStatusJson,
  statusesFrom,
  topDebtorsJson,
} from './sale-tables';
import {
  type AlertTuple,
  batchAlerts,
  batchAlertsJson,
  type LowStockTuple,
  lowStockFrom,
  lowStockJson,
  stockValue,
} from './stock-figures';

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

type SaleFiguresRow = {
  totals: TotalsTuple[] | null;
  days: DayTuple[] | null;
  by_method: MethodTuple[] | null;
  employees: EmployeeTuple[] | null;
  statuses: StatusTuple[] | null;
};

/**
 * The period's sale totals, revenue per day, money collected by method and the sellers' and payment statuses'
 * tables: their figures' own JSON subqueries, in one statement built once per process, as the overview's is
 * (get-overview.ts). Built per request, drizzle walked each statement's columns and chunks into its text on every
 * report (docs/adr/0018). PostgreSQL plans it once per connection: its plan is the same for every period.
 */
const saleFiguresStatement = builtOnceSql<PeriodValues, SaleFiguresRow>(() => {
  const { scope, period } = placeheldPeriod();
  return sql`select ${saleTotalsJson(scope, period)} as totals, ${revenueByDayJson(scope, period)} as days,
    ${collectedByMethodJson(scope.businessId, period)} as by_method,
    ${salesByEmployeeJson(scope, period)} as employees, ${salesByPaymentStatusJson(scope, period)} as statuses`;
});

type StockListsRow = {
  debtors: DebtorTuple[] | null;
  low: LowStockTuple[] | null;
  expiring: AlertTuple[] | null;
  expired: AlertTuple[] | null;
};

/**
 * The top debtors and the stock lists, in one statement built once per filter (with or without a category). Their
 * limits are parameters, so PostgreSQL plans it for each report's business (db/statement-names.ts), as it planned
 * each list alone: a generic plan, made for an average business, read the largest business's lists several times
 * slower than the plan made for it.
 */
const stockListsStatement = builtOnceSqlPer<boolean, { businessId: number; categoryId?: number }, StockListsRow>(
  2,
  String,
  (byCategory) => {
    const businessId = sql.placeholder('businessId');
    const categoryId = byCategory ? sql.placeholder('categoryId') : undefined;
    const rows = eachRun(STOCK_ROWS);
    return sql`select ${topDebtorsJson(businessId, eachRun(TOP_DEBTORS))} as debtors,
      ${lowStockJson(businessId, rows, categoryId)} as low,
      ${batchAlertsJson(businessId, 'expiring', rows, categoryId)} as expiring,
      ${batchAlertsJson(businessId, 'expired', rows, categoryId)} as expired`;
  },
);

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
  const { sold, lists, best, money, daily, value, soon, expired } = await reportTurn(() =>
    transaction(context.db, async (db) => {
      const [sold] = await saleFiguresStatement(db, values);
      const [lists] = await stockListsStatement(db, input.category_id !== undefined, {
        businessId: context.businessId,
        categoryId: input.category_id,
      });
      // The product tables follow the category filter; the money figures stay the business's. A batch list whose
      // candidates do not hold its answer (archived products among the first) is read whole by batchAlerts.
      const alerts = (list: 'expiring' | 'expired') =>
        batchAlerts(db, context.businessId, list, STOCK_ROWS, true, lists?.[list] ?? null, input.category_id);
      return {
        sold,
        lists,
        best: await topProductsBoth(db, scope, TOP_PRODUCTS, period, input.category_id),
        money: await moneyFigures(db, values),
        daily: await dailyFigures(db, values),
        value: await stockValue(db, context.businessId),
        soon: await alerts('expiring'),
        expired: await alerts('expired'),
      };
    }),
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
    sales_by_employee: employeesFrom(sold?.employees ?? null),
    sales_by_payment_status: statusesFrom(sold?.statuses ?? null),
    top_debtors: debtorsFrom(lists?.debtors ?? null),
    stock_value: value,
    low_stock: lowStockFrom(lists?.low ?? null),
    expiring: soon,
    expired,
  };
}
