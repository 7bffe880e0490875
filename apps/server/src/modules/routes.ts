import type { FastifyInstance } from 'fastify';
import { type Implementation, registerEndpoints } from '../platform/endpoints';
import { accountHandlers } from './accounts/handlers';
import { activityHandlers } from './activity/handlers';
import { businessHandlers } from './businesses/handlers';
import { catalogueHandlers } from './catalogue/handlers';
import { counterHandlers } from './counter/handlers';
import { customerHandlers } from './customers/handlers';
import { dayCloseHandlers } from './day-closes/handlers';
import { expenseHandlers } from './expenses/handlers';
import { salesHandlers } from './sales/handlers';
import { stockHandlers } from './stock/handlers';
import { supplierHandlers } from './suppliers/handlers';
import { teamHandlers } from './team/handlers';

/** A handler for every entry of the endpoint table, group by group. */
const IMPLEMENTATION: Implementation = {
  accounts: accountHandlers,
  businesses: businessHandlers,
  team: teamHandlers,
  stock: stockHandlers,
  sales: salesHandlers,
  expenses: expenseHandlers,
  catalogue: catalogueHandlers,
  counter: counterHandlers,
  customers: customerHandlers,
  dayCloses: dayCloseHandlers,
  activity: activityHandlers,
  suppliers: supplierHandlers,
};

/** Every API route, mounted once under /api/v1 and once under /dev/api/v1. */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoints(app, app.deps, IMPLEMENTATION);
}
