import { COUNTER_ENDPOINTS } from '@oja/contract';
import { handlers } from '../../platform/endpoints';
import { onceAnswer } from '../../platform/idempotency';
import { listDevices } from './list-devices';
import { listPriceFlags } from './list-price-flags';
import { listShortfalls } from './list-shortfalls';
import { recordCounterSale } from './record-counter-sale';
import { registerDevice } from './register-device';
import { reportDeviceStatus } from './report-device-status';
import { settlePriceFlag } from './settle-price-flag';
import { settleShortfall } from './settle-shortfall';

export const counterHandlers = handlers(COUNTER_ENDPOINTS, {
  registerDevice: async (ctx, body) => ({ device: await registerDevice(ctx, body) }),
  reportDeviceStatus: async (ctx, body) => {
    await reportDeviceStatus(ctx, body);
    return {};
  },
  listDevices: async (ctx) => ({ results: await listDevices(ctx) }),
  // The sale's own client_sale_id is its key (ADR 0013); an Idempotency-Key sent beside it changes nothing.
  recordCounterSale: async (ctx, body) => {
    const { answer, isReplay } = await recordCounterSale(ctx, body);
    return onceAnswer(answer, isReplay);
  },
  listShortfalls: async (ctx, query) => ({ results: await listShortfalls(ctx, query) }),
  settleShortfall: async (ctx, body) => ({ shortfall: await settleShortfall(ctx, body) }),
  listPriceFlags: async (ctx, query) => ({ results: await listPriceFlags(ctx, query) }),
  settlePriceFlag: async (ctx, body) => ({ flag: await settlePriceFlag(ctx, body) }),
});
