import { ENDPOINTS } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useShop } from '../shop';
import { analyzedPlan, statementsOf } from '../statements';

/**
 * The CEO's expenses filtered by a category read that category's expenses (its count, its totals and the page),
 * not the whole business's: expenses_business_category_idx (migration 0034). Without it, each page of a category
 * read every expense of the business.
 */
const shop = useShop();

/** Expenses of each of the shop's categories. */
const EACH = 1_500;
const CATEGORIES = ['rent', 'transport', 'salaries', 'utilities'];

beforeAll(async () => {
  await shop.t.db.execute(sql`
    insert into expenses (business_id, amount, currency, category, date, created_by_name)
    select ${shop.ceo.businessId}, 100 + i % 7, case when i % 10 = 0 then 'USD' else 'NGN' end,
      (array[${sql.join(
        CATEGORIES.map((name) => sql`${name}`),
        sql`, `,
      )}])[1 + i % ${CATEGORIES.length}],
      current_date - i / 20, 'Owner'
    from generate_series(0, ${EACH * CATEGORIES.length - 1}) i`);
  await shop.t.db.execute(sql`vacuum analyze expenses`);
});

type PlanNode = {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
};

/** The rows of expenses a plan read: those its scans of expenses returned, and those they read and dropped. */
function expensesRead(node: PlanNode): number {
  const own =
    node['Relation Name'] === 'expenses'
      ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) *
        node['Actual Loops']
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + expensesRead(child), 0);
}

describe('GET /expenses/list_expenses/ of a category, as PostgreSQL plans it', () => {
  for (const [name, query] of [
    ['the first page', { category: 'Transport' }],
    ['a later page', { category: 'transport', page: 40 }],
  ] as const) {
    it(`${name}: reads the category's expenses, not the business's`, async () => {
      const statements = await statementsOf(shop.t, async () => {
        const answer = await shop.api.call(
          ENDPOINTS.expenses.listExpenses,
          { business_id: shop.ceo.businessId, ...query },
          { token: shop.ceo.token },
        );
        expect(answer.status).toBe(200);
        expect(answer.data.count).toBe(EACH);
      });
      // The count and totals, and the page.
      const read = statements.filter(({ text }) => /from "?expenses"?/.test(text));
      expect(read).toHaveLength(2);
      for (const statement of read) {
        for (const mode of ['force_generic_plan', 'force_custom_plan']) {
          const plan = await analyzedPlan<PlanNode>(shop.t, statement, [`plan_cache_mode = ${mode}`]);
          // The category's own expenses at most (its count and totals read them all); never the other categories'.
          expect(expensesRead(plan)).toBeLessThanOrEqual(EACH);
        }
      }
    });
  }
});
