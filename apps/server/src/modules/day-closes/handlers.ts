import { DAY_CLOSE_ENDPOINTS } from '@oja/contract';
import { handlers } from '../../platform/endpoints';
import { onceAnswer, requestKeyOf } from '../../platform/idempotency';
import { createDayClose } from './create-day-close';
import { getDayCloseExpected } from './get-day-close-expected';
import { listDayCloses } from './list-day-closes';

export const dayCloseHandlers = handlers(DAY_CLOSE_ENDPOINTS, {
  getDayCloseExpected: (ctx, query) => getDayCloseExpected(ctx, query),
  createDayClose: async (ctx, body, http) => {
    const { close, isReplay } = await createDayClose(ctx, body, requestKeyOf(http, 'createDayClose', body));
    return onceAnswer({ close }, isReplay);
  },
  listDayCloses: (ctx, query) => listDayCloses(ctx, query),
});
