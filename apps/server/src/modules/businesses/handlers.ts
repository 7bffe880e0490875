import { BUSINESS_ENDPOINTS } from '@oja/contract';
import { foldsGate, handlers } from '../../platform/endpoints';
import { reportHandlers } from '../reports/handlers';
import { createBusiness } from './create-business';
import { deleteBusiness } from './delete-business';
import { getBusinessBySlug } from './get-business-by-slug';
import { getBusinessOverview } from './get-overview';
import { getPublicBusiness } from './get-public-business';
import { listBusinesses } from './list-businesses';
import { getBusinessLogo } from './logo';
import { updateBusiness } from './update-business';

export const businessHandlers = handlers(BUSINESS_ENDPOINTS, {
  listBusinesses: async (ctx) => ({ results: await listBusinesses(ctx) }),
  createBusiness: (ctx, body) => createBusiness(ctx, body),
  updateBusiness: (ctx, body) => updateBusiness(ctx, body),
  deleteBusiness: async (ctx) => {
    await deleteBusiness(ctx);
    return {};
  },
  getBusinessLogo: (ctx) => getBusinessLogo(ctx),
  getBusinessBySlug: (ctx, query) => getBusinessBySlug(ctx, query.slug),
  getPublicBusiness: (ctx, query) => getPublicBusiness(ctx, query.slug),
  getOverview: foldsGate(getBusinessOverview),
  ...reportHandlers,
});
