/** The counter's schema from the contract itself (contract-values.ts says why pages take schemas from here). */
export { counterSaleBodySchema, recordPaymentFormSchema, settleBodySchema } from '@oja/contract';
