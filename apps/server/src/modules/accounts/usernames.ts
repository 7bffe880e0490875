import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';

/** "ada.obi", else "ada.obi" plus a number nobody has yet. People log in with it, so it stays short. */
export async function uniqueUsername(db: Queryable, firstName: string, lastName: string): Promise<string> {
  const clean = (part: string) =>
    part
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
  const base = [clean(firstName), clean(lastName)].filter(Boolean).join('.').slice(0, 24) || 'user';
  for (let digits = 0; digits <= 6; digits++) {
    const candidates =
      digits === 0 ? [base] : Array.from({ length: 5 }, () => `${base}${randomInt(10 ** (digits - 1), 10 ** digits)}`);
    const taken = await db
      .select({ username: users.username })
      .from(users)
      .where(
        sql`lower(${users.username}) in (${sql.join(
          candidates.map((candidate) => sql`${candidate}`),
          sql`, `,
        )})`,
      );
    const takenSet = new Set(taken.map((row) => row.username.toLowerCase()));
    const free = candidates.find((candidate) => !takenSet.has(candidate));
    if (free) return free;
  }
  throw new Error('Could not find a free username.');
}

export async function isUsernameTaken(db: Queryable, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows.length > 0;
}
