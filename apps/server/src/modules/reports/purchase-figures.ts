import { BUSINESS_TIME_ZONE, type Purchases, type PurchasesRow, sumMoney } from '@oja/contract';
import { type SQL, sql } from 'drizzle-orm';
import { deliveries, supplier_payments, suppliers } from '../../db/schema';
import type { BusinessContext } from '../../platform/tenancy';

type Row = {
  supplier_id: string;
  supplier_name: string;
  deliveries: number;
  purchased: string;
  paid: string;
  owed: string;
};

/** The first instant of a Lagos day. */
const dayStart = (day: SQL) => sql`((${day})::timestamp at time zone ${BUSINESS_TIME_ZONE})`;

/**
 * Purchases over a period of Lagos days, per supplier: the deliveries received in it and their cost, the payments
 * made to them in it, and what was owed to them at its end (every delivery up to then less every payment up to
 * then). A supplier appears when something moved in the period or something was owed at its end. Summed in SQL
 * numeric from each supplier's deliveries and payments (their (business, supplier) indexes); most owed first.
 */
export async function getPurchases(ctx: BusinessContext, input: { from: string; to: string }): Promise<Purchases> {
  const start = dayStart(sql`${input.from}::date`);
  const end = dayStart(sql`${input.to}::date + 1`);
  const { rows } = await ctx.db.execute<Row>(sql`
    select ${suppliers.id} as supplier_id, ${suppliers.name} as supplier_name, d.deliveries,
      d.purchased::numeric(14, 2)::text as purchased, p.paid::numeric(14, 2)::text as paid,
      (d.owing - p.owing)::numeric(14, 2)::text as owed
    from ${suppliers}
    cross join lateral (
      select count(*) filter (where ${deliveries.received_at} >= ${start})::int as deliveries,
        coalesce(sum(${deliveries.total_cost}) filter (where ${deliveries.received_at} >= ${start}), 0) as purchased,
        coalesce(sum(${deliveries.total_cost}), 0) as owing
      from ${deliveries}
      where ${deliveries.business_id} = ${suppliers.business_id} and ${deliveries.supplier_id} = ${suppliers.id}
        and ${deliveries.received_at} < ${end}) d
    cross join lateral (
      select coalesce(sum(${supplier_payments.amount}) filter (where ${supplier_payments.created_at} >= ${start}), 0) as paid,
        coalesce(sum(${supplier_payments.amount}), 0) as owing
      from ${supplier_payments}
      where ${supplier_payments.business_id} = ${suppliers.business_id}
        and ${supplier_payments.supplier_id} = ${suppliers.id} and ${supplier_payments.created_at} < ${end}) p
    where ${suppliers.business_id} = ${ctx.businessId}
      and (d.deliveries > 0 or p.paid > 0 or d.owing - p.owing <> 0)
    order by d.owing - p.owing desc, lower(${suppliers.name}), ${suppliers.id}`);
  const results: PurchasesRow[] = rows.map((row) => ({ ...row, supplier_id: Number(row.supplier_id) }));
  return {
    from: input.from,
    to: input.to,
    rows: results,
    totals: {
      deliveries: results.reduce((sum, row) => sum + row.deliveries, 0),
      purchased: sumMoney(results.map((row) => row.purchased)),
      paid: sumMoney(results.map((row) => row.paid)),
      owed: sumMoney(results.map((row) => row.owed)),
    },
  };
}
