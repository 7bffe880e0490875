import type { Api } from '../../platform/http';

/** The sales routes (spec section 7). */
export async function salesRoutes(_app: Api): Promise<void> {}
