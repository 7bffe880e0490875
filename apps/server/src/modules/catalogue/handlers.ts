import { CATALOGUE_ENDPOINTS } from '@oja/contract';
import { handlers } from '../../platform/endpoints';
import { getCatalogue } from './get-catalogue';
import { searchCatalogue } from './search-catalogue';

export const catalogueHandlers = handlers(CATALOGUE_ENDPOINTS, {
  getCatalogue: (ctx, query) => getCatalogue(ctx, query),
  searchCatalogue: (ctx, query) => searchCatalogue(ctx, query),
});
