import type { BusinessContext } from '../../platform/tenancy';
import { logoBytes, readLogo } from '../businesses/logo';
import type { ShopHeader } from './sale-documents';

/** The shop as the caller's business's documents print it: its row, and its logo's picture when it has one. */
export async function shopHeaderOf(ctx: BusinessContext): Promise<ShopHeader> {
  const logo = await readLogo(ctx.db, ctx.business);
  return { ...ctx.business, logo: logo === null ? null : logoBytes(logo) };
}
