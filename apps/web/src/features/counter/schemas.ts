/** The counter's schema from the contract itself (contract-values.ts says why pages take schemas from here). */
export { counterSaleBodySchema } from '@oja/contract';
