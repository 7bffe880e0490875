/**
 * The contract's schemas this feature's forms validate with, from the contract itself rather than the pages'
 * copy of it, which has none (apps/web/build/contract-values.ts): importing this module brings zod. The forms load
 * it with `import()` when first used (ui/validate-on-demand.ts).
 */
export {
  correctSupplierPaymentFormSchema,
  createDeliveryBodySchema,
  deleteSupplierPaymentFormSchema,
  paySupplierFormSchema,
  supplierFormSchema,
} from '@oja/contract';
