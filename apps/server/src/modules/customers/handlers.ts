import { CUSTOMER_ENDPOINTS } from '@oja/contract';
import { answerFile, handlers } from '../../platform/endpoints';
import { onceAnswer, requestKeyOf } from '../../platform/idempotency';
import { renderCustomerStatement } from '../documents/customer-statement';
import { shopHeaderOf } from '../documents/shop-header';
import { keyOf } from './customer-key';
import { getCustomer } from './get-customer';
import { listCustomerBook } from './list-customer-book';
import { mergeCustomers } from './merge-customers';

export const customerHandlers = handlers(CUSTOMER_ENDPOINTS, {
  listCustomerBook: (ctx, query) => listCustomerBook(ctx, query),
  getCustomer: async (ctx, query) => ({ statement: await getCustomer(ctx, keyOf(query)) }),
  getCustomerStatement: async (ctx, query) => {
    const statement = await getCustomer(ctx, keyOf(query));
    const pdf = await renderCustomerStatement(await shopHeaderOf(ctx), statement);
    const who = statement.customer.customer_id ?? 'walk-in';
    return answerFile(pdf, { contentType: 'application/pdf', filename: `statement-${ctx.business.slug}-${who}.pdf` });
  },
  mergeCustomers: async (ctx, body, http) => {
    const { merge, isReplay } = await mergeCustomers(ctx, body, requestKeyOf(http, 'mergeCustomers', body));
    return onceAnswer({ merge }, isReplay);
  },
});
