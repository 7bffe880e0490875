import type { Api } from '../../platform/http';

/** The businesses routes (spec section 7). */
export async function businessRoutes(_app: Api): Promise<void> {}
