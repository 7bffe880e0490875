import { DEFAULT_CUSTOMER_NAME, ENDPOINTS } from '@oja/contract';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { lagosDay } from '../factories';
import { useShop } from '../shop';

const shop = useShop({ poolSize: 4 });

/**
 * A counted walk-in sale of the shop's CEO today, written as the counter writes its header (the triggers do the
 * rest). A named customer's sales do wait on that customer's kept row (ADR 0035); a walk-in names nobody.
 */
async function sell(client: pg.PoolClient, total: string): Promise<void> {
  await client.query(
    `insert into sales (business_id, payment_status, currency, total_cart_amount, amount_paid, customer_name,
       created_by, created_by_name)
     values ($1, 'paid', 'NGN', $2, $2, $4, $3, 'Ada Obi')`,
    [shop.ceo.businessId, total, shop.ceo.user.id, DEFAULT_CUSTOMER_NAME],
  );
  await client.query(
    `insert into payments (business_id, sale_id, amount, method, recorded_by)
     values ($1, currval('sales_id_seq'), $2, 'cash', $3)`,
    [shop.ceo.businessId, total, shop.ceo.user.id],
  );
}

const lockNotAvailable = '55P03';

describe('one seller selling from several phones at once', () => {
  it('does not queue on one totals row, and the report counts every sale', async () => {
    // Ten connections of their own, outside the app's pool: each is a phone's request in its transaction.
    const pool = new pg.Pool({
      connectionString: (shop.t.database.pool.options as { connectionString: string }).connectionString,
      max: 10,
    });
    const clients = await Promise.all(Array.from({ length: 10 }, () => pool.connect()));
    try {
      const slots = await Promise.all(
        clients.map(async (client) => (await client.query('select report_slot() as slot')).rows[0].slot as number),
      );
      // Ten connections over eight slots: at least two share one (pigeonhole), and others differ.
      const firstIndex = slots.findIndex((slot, index) => slots.indexOf(slot) !== index);
      const sameIndex = slots.indexOf(slots[firstIndex] as number);
      const first = clients[firstIndex];
      const same = clients[sameIndex];
      const other = clients.find((_, index) => slots[index] !== slots[firstIndex]);
      if (!first || !same || !other) throw new Error(`slots ${slots.join(', ')}`);

      await first.query('begin');
      await sell(first, '100.00');

      // Another connection's sale of the same seller, day, currency and status goes through at once
      // while the first is still open: its totals land on its own slot's rows (waiting would time out here,
      // since the first commits only after it).
      await other.query('begin');
      await other.query(`set local lock_timeout = '2s'`);
      await sell(other, '250.00');

      // The control: a connection on the first one's slot does wait for it (what every sale did before).
      await same.query('begin');
      await same.query(`set local lock_timeout = '300ms'`);
      await expect(sell(same, '1.00')).rejects.toMatchObject({ code: lockNotAvailable });
      await same.query('rollback');

      await first.query('commit');
      await other.query('commit');
    } finally {
      for (const client of clients) client.release();
      await pool.end();
    }

    const rows = await shop.t.database.pool.query(
      `select slot, sales, revenue::text, paid::text from report_sale_days where business_id = $1 order by slot`,
      [shop.ceo.businessId],
    );
    expect(rows.rows).toHaveLength(2);
    const payments = await shop.t.database.pool.query(
      'select count(*)::int as rows, sum(amount)::text as amount from report_payment_days where business_id = $1',
      [shop.ceo.businessId],
    );
    expect(payments.rows[0]).toEqual({ rows: 2, amount: '350.00' });

    const answer = await shop.api.call(
      ENDPOINTS.businesses.getReport,
      { business_id: shop.ceo.businessId, from: lagosDay(0), to: lagosDay(0) },
      { token: shop.ceo.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.data.total_sales).toBe(2);
    expect(answer.data.total_revenue).toEqual([{ currency: 'NGN', amount: '350.00' }]);
    expect(answer.data.collected).toEqual([{ currency: 'NGN', amount: '350.00' }]);
  });
});
