import type { Api } from '../../platform/http';

/** The team routes (spec section 7). */
export async function teamRoutes(_app: Api): Promise<void> {}
