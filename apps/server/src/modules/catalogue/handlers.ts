import { CATALOGUE_ENDPOINTS, CATALOGUE_NEXT_CURSOR_HEADER } from '@oja/contract';
import { answer, handlers } from '../../platform/endpoints';
import { getCatalogue } from './get-catalogue';
import { searchCatalogue } from './search-catalogue';

export const catalogueHandlers = handlers(CATALOGUE_ENDPOINTS, {
  getCatalogue: async (ctx, query) => {
    const page = await getCatalogue(ctx, query);
    // The next cursor before the body: the phone asks for the next page while this one downloads.
    return answer(page, { headers: { [CATALOGUE_NEXT_CURSOR_HEADER]: String(page.next_cursor) } });
  },
  searchCatalogue: (ctx, query) => searchCatalogue(ctx, query),
});
