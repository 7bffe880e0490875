import { SUPPLIER_RULES, type Supplier } from '@oja/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { isoOfTimestamp } from '../../db/raw-row';
import { deliveries, supplier_payments, suppliers } from '../../db/schema';
import { containsPattern } from '../../db/search';
import { notFound } from '../../platform/errors';

export const supplierNotFound = () => notFound(SUPPLIER_RULES.notFound);

type SupplierRow = {
  total: number;
  id: string;
  name: string;
  phone: string | null;
  note: string;
  created_at: string;
  deliveries_count: number;
  purchased: string;
  paid: string;
  owed: string;
  last_delivery_at: string | null;
};

/**
 * Suppliers of a business with their balances, most owed first: what the shop owes one is their deliveries' totals
 * less the payments made to them, summed in SQL numeric on every read (never a stored figure that could drift),
 * each off its (business, supplier) index. `total` is how many match, for the list's paging.
 */
export async function supplierRows(
  db: Queryable,
  businessId: number,
  options: { id?: number; search?: string; limit: number; offset?: number },
): Promise<{ total: number; rows: Supplier[] }> {
  const where: SQL[] = [sql`${suppliers.business_id} = ${businessId}`];
  if (options.id !== undefined) where.push(sql`${suppliers.id} = ${options.id}`);
  if (options.search) {
    const pattern = containsPattern(options.search);
    where.push(sql`(${suppliers.name} ilike ${pattern} or ${suppliers.phone} ilike ${pattern})`);
  }
  const { rows } = await db.execute<SupplierRow>(sql`
    with balanced as (
      select ${suppliers.id} as id, ${suppliers.name} as name, ${suppliers.phone} as phone, ${suppliers.note} as note,
        ${suppliers.created_at} as created_at, d.deliveries_count, d.purchased, d.last_delivery_at, p.paid,
        d.purchased - p.paid as owed
      from ${suppliers}
      cross join lateral (
        select count(*)::int as deliveries_count, coalesce(sum(${deliveries.total_cost}), 0) as purchased,
          max(${deliveries.received_at}) as last_delivery_at
        from ${deliveries}
        where ${deliveries.business_id} = ${suppliers.business_id} and ${deliveries.supplier_id} = ${suppliers.id}) d
      cross join lateral (
        select coalesce(sum(${supplier_payments.amount}), 0) as paid
        from ${supplier_payments}
        where ${supplier_payments.business_id} = ${suppliers.business_id}
          and ${supplier_payments.supplier_id} = ${suppliers.id}) p
      where ${sql.join(where, sql` and `)}
    )
    select count(*) over ()::int as total, id, name, phone, note, created_at, deliveries_count,
      purchased::numeric(14, 2)::text as purchased, paid::numeric(14, 2)::text as paid,
      owed::numeric(14, 2)::text as owed, last_delivery_at
    from balanced
    order by balanced.owed desc, lower(balanced.name), balanced.id
    limit ${options.limit} offset ${options.offset ?? 0}`);
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      phone: row.phone,
      note: row.note,
      created_at: isoOfTimestamp(row.created_at),
      deliveries_count: row.deliveries_count,
      purchased: row.purchased,
      paid: row.paid,
      owed: row.owed,
      last_delivery_at: row.last_delivery_at === null ? null : isoOfTimestamp(row.last_delivery_at),
    })),
  };
}

/** One supplier of the business with their balance, or 404 (another business's answers as a missing one). */
export async function supplierOf(db: Queryable, businessId: number, id: number): Promise<Supplier> {
  const { rows } = await supplierRows(db, businessId, { id, limit: 1 });
  const [supplier] = rows;
  if (!supplier) throw supplierNotFound();
  return supplier;
}

/**
 * Locks one supplier of the business (FOR NO KEY UPDATE), or 404. Every write that changes what is owed to them (a
 * delivery, a payment) takes this lock first, so a payment's "at most what is owed" is checked against a balance
 * nobody else is changing: two phones paying the same debt queue, and the second sees the first.
 */
export async function lockSupplier(tx: Tx, businessId: number, id: number): Promise<{ name: string }> {
  const [found] = await tx
    .select({ name: suppliers.name })
    .from(suppliers)
    .where(and(eq(suppliers.business_id, businessId), eq(suppliers.id, id)))
    .for('no key update');
  if (!found) throw supplierNotFound();
  return found;
}

/** The caller's name as written on what they record, so history survives a deleted member. */
export function nameOf(user: { first_name: string; last_name: string }): string {
  return `${user.first_name} ${user.last_name}`.trim();
}
