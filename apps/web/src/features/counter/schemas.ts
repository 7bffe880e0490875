/** The counter's schema from the contract itself (contract-values.ts says why pages take schemas from here). */
export { counterSaleBodySchema, settleBodySchema } from '@oja/contract';
