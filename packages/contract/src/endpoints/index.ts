import type { Endpoint } from '../endpoint';
import { ACCOUNT_ENDPOINTS } from './accounts';
import { ACTIVITY_ENDPOINTS } from './activity';
import { BUSINESS_ENDPOINTS } from './businesses';
import { CATALOGUE_ENDPOINTS, COUNTER_ENDPOINTS } from './counter';
import { CUSTOMER_ENDPOINTS } from './customers';
import { DAY_CLOSE_ENDPOINTS } from './day-closes';
import { EXPENSE_ENDPOINTS } from './expenses';
import { SALES_ENDPOINTS } from './sales';
import { STOCK_ENDPOINTS } from './stock';
import { SUPPLIER_ENDPOINTS } from './suppliers';
import { TEAM_ENDPOINTS } from './team';

export { CATALOGUE_ENDPOINTS, COUNTER_ENDPOINTS } from './counter';
export {
  ACCOUNT_ENDPOINTS,
  ACTIVITY_ENDPOINTS,
  BUSINESS_ENDPOINTS,
  CUSTOMER_ENDPOINTS,
  DAY_CLOSE_ENDPOINTS,
  EXPENSE_ENDPOINTS,
  SALES_ENDPOINTS,
  STOCK_ENDPOINTS,
  SUPPLIER_ENDPOINTS,
  TEAM_ENDPOINTS,
};

/**
 * Every call of the API, grouped per domain: the one table the server registers its routes from
 * and the clients are typed from. ADR 0007 explains it.
 */
export const ENDPOINTS = {
  accounts: ACCOUNT_ENDPOINTS,
  businesses: BUSINESS_ENDPOINTS,
  team: TEAM_ENDPOINTS,
  stock: STOCK_ENDPOINTS,
  sales: SALES_ENDPOINTS,
  expenses: EXPENSE_ENDPOINTS,
  catalogue: CATALOGUE_ENDPOINTS,
  counter: COUNTER_ENDPOINTS,
  customers: CUSTOMER_ENDPOINTS,
  dayCloses: DAY_CLOSE_ENDPOINTS,
  activity: ACTIVITY_ENDPOINTS,
  suppliers: SUPPLIER_ENDPOINTS,
};

/** The table as one list, in registration order. */
export const ALL_ENDPOINTS: readonly Endpoint[] = Object.values(ENDPOINTS).flatMap((group) => Object.values(group));

/** "GET /sales/" style names of every route, sorted: what the server must answer, no more, no less. */
export function routeList(endpoints: readonly Endpoint[] = ALL_ENDPOINTS): string[] {
  return endpoints.map((entry) => `${entry.method} ${entry.path}`).sort();
}
