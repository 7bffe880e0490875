import { CATALOGUE_ENDPOINTS } from '@oja/contract';
import { handlers } from '../../platform/endpoints';
import { getCatalogue } from './get-catalogue';

export const catalogueHandlers = handlers(CATALOGUE_ENDPOINTS, {
  getCatalogue: (ctx, query) => getCatalogue(ctx, query),
});
