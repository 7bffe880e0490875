import { BUSINESS_ENDPOINTS } from '@oja/contract';
import { foldsGate, handlers } from '../../platform/endpoints';
import { createBusiness } from './create-business';
import { deleteBusiness } from './delete-business';
import { getBusinessBySlug } from './get-business-by-slug';
import { getCustomerFigures } from './get-customer-figures';
import { getEmployeeAnalytics } from './get-employee-analytics';
import { getEmployeeFigures } from './get-employee-figures';
import { getBusinessOverview } from './get-overview';
import { getPublicBusiness } from './get-public-business';
import { getBusinessReport } from './get-report';
import { listBusinesses } from './list-businesses';
import { updateBusiness } from './update-business';

export const businessHandlers = handlers(BUSINESS_ENDPOINTS, {
  listBusinesses: async (ctx) => ({ results: await listBusinesses(ctx) }),
  createBusiness: (ctx, body) => createBusiness(ctx, body),
  updateBusiness: (ctx, body) => updateBusiness(ctx, body),
  deleteBusiness: async (ctx) => {
    await deleteBusiness(ctx);
    return {};
  },
  getBusinessBySlug: (ctx, query) => getBusinessBySlug(ctx, query.slug),
  getPublicBusiness: (ctx, query) => getPublicBusiness(ctx, query.slug),
  getOverview: foldsGate(getBusinessOverview),
  getReport: (ctx, query) => getBusinessReport(ctx, query),
  getEmployeeFigures: (ctx) => getEmployeeFigures(ctx),
  getEmployeeAnalytics: (ctx, query) => getEmployeeAnalytics(ctx, query.days),
  getCustomerFigures: (ctx) => getCustomerFigures(ctx),
});
