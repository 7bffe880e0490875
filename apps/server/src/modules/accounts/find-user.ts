import { or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRow } from '../../platform/auth';

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return user;
}

/** Login accepts either; emails and usernames are unique case-insensitively, and a username has no "@". */
export async function findUserByLogin(db: Queryable, identifier: string): Promise<UserRow | undefined> {
  const key = identifier.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.email}) = ${key}`, sql`lower(${users.username}) = ${key}`))
    .orderBy(sql`lower(${users.email}) = ${key} desc nulls last`)
    .limit(1);
  return user;
}
