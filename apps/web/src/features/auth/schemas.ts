/**
 * The account forms' rules, the contract's schemas: a chunk of their own, with zod, that a form downloads when
 * it is first used (ui/validate-on-demand.ts). Import them from here only with `import()`: a static import
 * would put zod back on the first visit of /login.
 */
export {
  activateBodySchema,
  ceoRegisterBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  resetPasswordBodySchema,
} from '@oja/contract';
