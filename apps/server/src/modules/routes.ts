import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountRoutes } from './accounts/routes';
import { businessRoutes } from './businesses/routes';
import { salesRoutes } from './sales/routes';
import { stockRoutes } from './stock/routes';
import { teamRoutes } from './team/routes';

/** Every API route, mounted once under /api/v1 and once under /dev/api/v1. */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  await api.register(accountRoutes);
  await api.register(businessRoutes);
  await api.register(teamRoutes);
  await api.register(stockRoutes);
  await api.register(salesRoutes);
}
