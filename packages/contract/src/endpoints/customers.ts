import * as z from 'zod';
import {
  CUSTOMER_MESSAGES,
  customerAnswerSchema,
  customerBookSchema,
  customerQuerySchema,
  listCustomerBookQuerySchema,
  mergeAnswerSchema,
  mergeCustomersBodySchema,
} from '../customers';
import { endpoint, member } from '../endpoint';
import { idempotencyHeadersSchema } from '../idempotency';

/** The customers book (issue 54): every customer with what they bought and owe, their statement, merging. */
export const CUSTOMER_ENDPOINTS = {
  listCustomerBook: endpoint({
    method: 'GET',
    path: '/customers/',
    summary: 'Every customer (registered or named on a sale) with what they bought and owe, most owed first.',
    access: member('customer.view'),
    input: listCustomerBookQuerySchema,
    response: customerBookSchema,
    status: 200,
    message: CUSTOMER_MESSAGES.listed,
  }),
  getCustomer: endpoint({
    method: 'GET',
    path: '/customers/detail/',
    summary: "One customer's balances, aging and statement (sales, payments, cancellations, refunds).",
    access: member('customer.view'),
    input: customerQuerySchema,
    response: customerAnswerSchema,
    status: 200,
    message: CUSTOMER_MESSAGES.found,
  }),
  getCustomerStatement: endpoint({
    method: 'GET',
    path: '/customers/statement/',
    summary: "One customer's statement as an A4 PDF.",
    access: member('customer.view'),
    input: customerQuerySchema,
    response: z.never(),
    produces: 'pdf',
    status: 200,
    message: CUSTOMER_MESSAGES.statementReady,
  }),
  mergeCustomers: endpoint({
    method: 'POST',
    path: '/customers/merge/',
    summary: "Merge a duplicate into a customer: the duplicate's sales and debts become the customer's.",
    access: member('customer.merge', { forbidden: CUSTOMER_MESSAGES.onlyCeoMerges }),
    input: mergeCustomersBodySchema,
    headers: idempotencyHeadersSchema,
    response: mergeAnswerSchema,
    status: 201,
    message: CUSTOMER_MESSAGES.merged,
  }),
};
