import { ACTIVITY_ENDPOINTS } from '@oja/contract';
import { handlers } from '../../platform/endpoints';
import { listActivity } from './list-activity';

export const activityHandlers = handlers(ACTIVITY_ENDPOINTS, {
  listActivity: (ctx, query) => listActivity(ctx, query),
});
