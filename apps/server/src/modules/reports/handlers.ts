import type { BUSINESS_ENDPOINTS } from '@oja/contract';
import type { Handlers } from '../../platform/endpoints';
import { getCustomerFigures } from './get-customer-figures';
import { getEmployeeAnalytics } from './get-employee-analytics';
import { getEmployeeFigures } from './get-employee-figures';
import { getBusinessReport } from './get-report';

type BusinessHandlers = Handlers<typeof BUSINESS_ENDPOINTS>;

/** The reads of figures. The endpoint table keeps them in the businesses group, so the API does not change. */
export const reportHandlers: Pick<
  BusinessHandlers,
  'getReport' | 'getEmployeeFigures' | 'getEmployeeAnalytics' | 'getCustomerFigures'
> = {
  getReport: (ctx, query) => getBusinessReport(ctx, query),
  getEmployeeFigures: (ctx) => getEmployeeFigures(ctx),
  getEmployeeAnalytics: (ctx, query) => getEmployeeAnalytics(ctx, query.days),
  getCustomerFigures: (ctx) => getCustomerFigures(ctx),
};
