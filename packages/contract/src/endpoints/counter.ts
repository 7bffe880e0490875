import * as z from 'zod';
import {
  COUNTER_MESSAGES,
  catalogueQuerySchema,
  catalogueSchema,
  counterSaleAnswerSchema,
  counterSaleBodySchema,
  deviceAnswerSchema,
  deviceListSchema,
  deviceStatusBodySchema,
  listDevicesQuerySchema,
  listShortfallsQuerySchema,
  priceFlagListSchema,
  priceFlagSchema,
  registerDeviceBodySchema,
  settleBodySchema,
  shortfallListSchema,
  shortfallSchema,
} from '../counter';
import { endpoint, member } from '../endpoint';
import { idempotencyHeadersSchema } from '../idempotency';

const seller = member('sale.confirm', { forbidden: COUNTER_MESSAGES.notSeller });

/** The counter: devices that sell, their sales, and what the owner settles of them. */
export const COUNTER_ENDPOINTS = {
  registerDevice: endpoint({
    method: 'POST',
    path: '/counter/devices/',
    summary: 'A phone that sells gets its receipt prefix (the same answer for the same device_id).',
    access: seller,
    input: registerDeviceBodySchema,
    response: deviceAnswerSchema,
    status: 200,
    message: COUNTER_MESSAGES.deviceRegistered,
  }),
  reportDeviceStatus: endpoint({
    method: 'POST',
    path: '/counter/devices/status/',
    summary: "A phone's outbox as it stands: what waits and since when, for the owner.",
    access: seller,
    input: deviceStatusBodySchema,
    response: z.object({}),
    status: 200,
    message: COUNTER_MESSAGES.deviceStatusRecorded,
  }),
  listDevices: endpoint({
    method: 'GET',
    path: '/counter/devices/',
    summary: 'Every phone that sold for the business, with what it has not sent yet.',
    access: member('counter.review'),
    input: listDevicesQuerySchema,
    response: deviceListSchema,
    status: 200,
    message: COUNTER_MESSAGES.devicesListed,
  }),
  recordCounterSale: endpoint({
    method: 'POST',
    path: '/counter/sales/',
    summary:
      'A sale made at the counter, online or sent later from the outbox; the same client_sale_id answers the first sale.',
    access: seller,
    input: counterSaleBodySchema,
    headers: idempotencyHeadersSchema,
    response: counterSaleAnswerSchema,
    status: 201,
    message: COUNTER_MESSAGES.saleRecorded,
  }),
  listShortfalls: endpoint({
    method: 'GET',
    path: '/counter/shortfalls/',
    summary: 'Units sold that no batch held any more, to settle by a count or a receipt.',
    access: member('counter.review'),
    input: listShortfallsQuerySchema,
    response: shortfallListSchema,
    status: 200,
    message: COUNTER_MESSAGES.shortfallsListed,
  }),
  settleShortfall: endpoint({
    method: 'POST',
    path: '/counter/shortfalls/settle/',
    summary: 'Mark a shortfall settled, saying how.',
    access: member('counter.review'),
    input: settleBodySchema,
    response: z.object({ shortfall: shortfallSchema }),
    status: 200,
    message: COUNTER_MESSAGES.shortfallSettled,
  }),
  listPriceFlags: endpoint({
    method: 'GET',
    path: '/counter/price-flags/',
    summary: 'Lines sold at another price than the product had when the sale reached the server.',
    access: member('counter.review'),
    input: listShortfallsQuerySchema,
    response: priceFlagListSchema,
    status: 200,
    message: COUNTER_MESSAGES.flagsListed,
  }),
  settlePriceFlag: endpoint({
    method: 'POST',
    path: '/counter/price-flags/settle/',
    summary: 'Mark a price flag seen and settled, saying how.',
    access: member('counter.review'),
    input: settleBodySchema,
    response: z.object({ flag: priceFlagSchema }),
    status: 200,
    message: COUNTER_MESSAGES.flagSettled,
  }),
};

/** The device's copy of what selling needs, kept fresh by deltas since a version (ADR 0013). */
export const CATALOGUE_ENDPOINTS = {
  getCatalogue: endpoint({
    method: 'GET',
    path: '/counter/catalogue/',
    summary: "The device's copy of what selling needs: products with prices and stock, customers with balances.",
    access: seller,
    input: catalogueQuerySchema,
    response: catalogueSchema,
    status: 200,
    message: COUNTER_MESSAGES.catalogueCopied,
  }),
};
