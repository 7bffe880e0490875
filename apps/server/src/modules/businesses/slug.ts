import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { businesses } from '../../db/schema';

/**
 * First path segments the web app uses itself. A business slug equal to one of
 * them would make its invite link (/{slug}/{role}) collide with a real page.
 */
const RESERVED = new Set([
  'api',
  'assets',
  'business',
  'customer',
  'dashboard',
  'dev',
  'employee',
  'forgot-password',
  'healthz',
  'login',
  'not-found',
  'pricing',
  'register',
  'reset-password',
  'settings',
  'super',
  'test-customer-login',
  'undo-email-change',
  'verify-email',
]);

export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/g, '');
  return slug || 'business';
}

/**
 * A slug derived from the name that no business has yet: "mama-put", then
 * "mama-put-2", and so on. The unique index settles a race between two requests;
 * the caller retries on a unique violation of businesses_slug_key.
 */
export async function uniqueSlug(db: Queryable, name: string): Promise<string> {
  const base = slugify(name);
  const rows = await db
    .select({ slug: businesses.slug })
    .from(businesses)
    .where(sql`${businesses.slug} = ${base} or ${businesses.slug} ~ ${`^${base}-[0-9]+$`}`);
  const taken = new Set(rows.map((row) => row.slug));
  if (!RESERVED.has(base) && !taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
