import { BUSINESS_MESSAGES } from '@oja/contract';
import { eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { business_logos, businesses } from '../../db/schema';
import { fieldError } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';

/** The first bytes of each kind of picture a logo may be: the data URL's word for it is not enough. */
const SIGNATURES = {
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff]),
} as const;

/** The picture of a logo's data URL (the contract has checked its form and size). */
export function logoBytes(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** Refuses a data URL whose bytes are not the picture it names (a renamed file, a script). */
function checkLogo(dataUrl: string): void {
  const type = dataUrl.slice('data:'.length, dataUrl.indexOf(';')) as keyof typeof SIGNATURES;
  const signature = SIGNATURES[type];
  if (!signature?.equals(logoBytes(dataUrl).subarray(0, signature.length))) {
    throw fieldError('logo', BUSINESS_MESSAGES.logo);
  }
}

/** Sets (or, with null, takes away) the shop's logo, and its version on the business, in the caller's transaction. */
export async function setLogo(tx: Tx, businessId: number, logo: string | null): Promise<void> {
  if (logo === null) {
    await tx.delete(business_logos).where(eq(business_logos.business_id, businessId));
  } else {
    checkLogo(logo);
    await tx
      .insert(business_logos)
      .values({ business_id: businessId, data_url: logo })
      .onConflictDoUpdate({ target: business_logos.business_id, set: { data_url: logo } });
  }
  await tx
    .update(businesses)
    .set({ logo_at: logo === null ? null : sql`now()` })
    .where(eq(businesses.id, businessId));
}

/** The shop's logo as a data URL, or null; read only when the business says it has one. */
export async function readLogo(db: Queryable, business: { id: number; logo_at: Date | null }): Promise<string | null> {
  if (!business.logo_at) return null;
  const [row] = await db
    .select({ dataUrl: business_logos.data_url })
    .from(business_logos)
    .where(eq(business_logos.business_id, business.id));
  return row?.dataUrl ?? null;
}

/** GET /users/businesses/logo/: for every member, since every member may see a receipt. */
export async function getBusinessLogo(ctx: BusinessContext): Promise<{ logo: string | null }> {
  return { logo: await readLogo(ctx.db, ctx.business) };
}
