/**
 * The contract's schema the reports page checks a custom period with, from the contract itself rather than the
 * pages' copy of it, which has none (apps/web/build/contract-values.ts): importing this module brings zod. The page
 * loads it with `import()` once a custom period is chosen (ui/validate-on-demand.ts).
 */
export { reportQuerySchema } from '@oja/contract';
