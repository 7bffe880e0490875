import {
  BUSINESS_MESSAGES,
  businessIdQueryField,
  businessListSchema,
  businessOverviewSchema,
  businessReportSchema,
  businessSchema,
  businessWithRoleSchema,
  createBusinessBodySchema,
  customerFiguresSchema,
  deleteBusinessBodySchema,
  employeeFiguresSchema,
  emptySchema,
  envelope,
  MESSAGES,
  reportQuerySchema,
  updateBusinessBodySchema,
} from '@oja/contract';
import * as z from 'zod';
import { requireActor } from '../../platform/auth';
import type { Api } from '../../platform/http';
import { ok } from '../../platform/http';
import { requireBusiness } from '../../platform/tenancy';
import { createBusiness } from './create-business';
import { deleteBusiness } from './delete-business';
import { getBusinessBySlug, listBusinesses } from './list-businesses';
import { getBusinessOverview } from './overview';
import { getCustomerFigures, getEmployeeFigures } from './own-figures';
import { getBusinessReport } from './report';
import { updateBusiness } from './update-business';

const tags = ['businesses'];
const businessQuery = z.object({ business_id: businessIdQueryField });

/** The /users/businesses/ calls of spec section 7, plus the figures the business screens show. */
export async function businessRoutes(app: Api): Promise<void> {
  const { db } = app.deps;

  app.get(
    '/users/businesses/list_businesses/',
    { schema: { tags, response: { 200: envelope(businessListSchema) } } },
    async (request) => {
      const actor = await requireActor(request);
      return ok(MESSAGES.business.listed, { results: await listBusinesses(db, actor) });
    },
  );

  app.post(
    '/users/businesses/',
    { schema: { tags, body: createBusinessBodySchema, response: { 201: envelope(businessSchema) } } },
    async (request, reply) => {
      const actor = await requireActor(request);
      const business = await createBusiness(db, actor, request.body);
      return reply.status(201).send(ok(MESSAGES.business.created, business));
    },
  );

  app.patch(
    '/users/businesses/update/',
    { schema: { tags, body: updateBusinessBodySchema, response: { 200: envelope(businessSchema) } } },
    async (request) => {
      const actor = await requireActor(request);
      const context = await requireBusiness(db, actor, request.body.id, 'business.update');
      return ok(MESSAGES.business.updated, await updateBusiness(context, request.body));
    },
  );

  app.delete(
    '/users/businesses/delete/',
    { schema: { tags, body: deleteBusinessBodySchema, response: { 200: envelope(emptySchema) } } },
    async (request) => {
      const actor = await requireActor(request);
      const context = await requireBusiness(db, actor, request.body.id, 'business.delete');
      await deleteBusiness(context);
      return ok(MESSAGES.business.deleted, {});
    },
  );

  app.get(
    '/users/businesses/by-slug/',
    {
      schema: {
        tags,
        querystring: z.object({ slug: z.string().trim().min(1).max(80) }),
        response: { 200: envelope(businessWithRoleSchema) },
      },
    },
    async (request) => {
      const actor = await requireActor(request);
      return ok(BUSINESS_MESSAGES.found, await getBusinessBySlug(db, actor, request.query.slug));
    },
  );

  app.get(
    '/users/businesses/overview/',
    { schema: { tags, querystring: businessQuery, response: { 200: envelope(businessOverviewSchema) } } },
    async (request) => {
      const actor = await requireActor(request);
      const context = await requireBusiness(db, actor, request.query.business_id, 'business.overview');
      return ok(BUSINESS_MESSAGES.overview, await getBusinessOverview(context));
    },
  );

  app.get(
    '/users/businesses/report/',
    { schema: { tags, querystring: reportQuerySchema, response: { 200: envelope(businessReportSchema) } } },
    async (request) => {
      const actor = await requireActor(request);
      const context = await requireBusiness(db, actor, request.query.business_id, 'business.overview');
      return ok(BUSINESS_MESSAGES.report, await getBusinessReport(context, request.query));
    },
  );

  app.get(
    '/users/businesses/employee-figures/',
    { schema: { tags, querystring: businessQuery, response: { 200: envelope(employeeFiguresSchema) } } },
    async (request) => {
      const actor = await requireActor(request);
      const context = await requireBusiness(db, actor, request.query.business_id, 'sale.view');
      return ok(BUSINESS_MESSAGES.ownFigures, await getEmployeeFigures(context));
    },
  );

  app.get(
    '/users/businesses/customer-figures/',
    { schema: { tags, querystring: businessQuery, response: { 200: envelope(customerFiguresSchema) } } },
    async (request) => {
      const actor = await requireActor(request);
      const context = await requireBusiness(db, actor, request.query.business_id, 'sale.view_own');
      return ok(BUSINESS_MESSAGES.ownFigures, await getCustomerFigures(context));
    },
  );
}
