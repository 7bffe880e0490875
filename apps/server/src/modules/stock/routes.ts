import type { Api } from '../../platform/http';

/** The stock routes (spec section 7). */
export async function stockRoutes(_app: Api): Promise<void> {}
