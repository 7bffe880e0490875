/** The contract's schema the close form validates with, loaded when the form is first used (validate-on-demand.ts). */
export { createDayCloseBodySchema } from '@oja/contract';
