import type { ActivityDetails } from '@oja/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { columnNames } from '../../db/column-names';
import { activity_log, memberships, sessions } from '../../db/schema';
import type { UserRow } from '../../platform/auth';
import type { ClientInfo } from '../../platform/context';
import { personName } from '../sales/cart-items';

/** The members whose sign-ins a CEO reads: the shop's staff, not its customers (ADR 0029). */
const STAFF = ['ceo', 'manager', 'sales_person', 'sales_rep'] as const;

/** "Chrome on Android": enough of a user agent for an owner to recognise a phone, without its version noise. */
export function deviceName(userAgent: string | undefined): string {
  if (!userAgent) return 'unknown device';
  const browser =
    [
      ['SamsungBrowser', 'Samsung Internet'],
      ['OPR/', 'Opera'],
      ['Edg/', 'Edge'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([token]) => userAgent.includes(token as string))?.[1] ?? 'a browser';
  const system =
    [
      ['Android', 'Android'],
      ['iPhone', 'iPhone'],
      ['iPad', 'iPad'],
      ['Windows', 'Windows'],
      ['Mac OS', 'Mac'],
      ['Linux', 'Linux'],
    ].find(([token]) => userAgent.includes(token as string))?.[1] ?? 'another system';
  return `${browser} on ${system}`;
}

/**
 * A sign-in from a device this user has not signed in from before (no earlier session with this user agent), for
 * a user who has signed in before, goes in the log of each business where they are active staff. One INSERT …
 * SELECT, run before the new session is written and in the same transaction: the entry exists exactly when the
 * session does.
 */
export async function recordNewDeviceSignIn(
  tx: Tx,
  user: Pick<UserRow, 'id' | 'first_name' | 'last_name'>,
  client: ClientInfo,
) {
  const name = personName(user).trim();
  const agent = client.userAgent?.slice(0, 300) ?? null;
  const details: ActivityDetails = { changes: [], facts: { device: deviceName(client.userAgent) } };
  const ofUser = eq(sessions.user_id, user.id);
  await tx.execute(sql`
    insert into ${activity_log} (${columnNames(
      activity_log.business_id,
      activity_log.actor_id,
      activity_log.actor_name,
      activity_log.kind,
      activity_log.subject_type,
      activity_log.subject_id,
      activity_log.subject_label,
      activity_log.details,
    )})
    select ${memberships.business_id}, ${user.id}::bigint, ${name}::text, 'account.new_device', 'member', ${user.id}::bigint,
           ${name}::text, ${JSON.stringify(details)}::jsonb
    from ${memberships}
    where ${and(eq(memberships.user_id, user.id), eq(memberships.is_active, true), inArray(memberships.role, [...STAFF]))}
      and exists (select 1 from ${sessions} where ${ofUser})
      and not exists (select 1 from ${sessions} where ${ofUser} and ${sessions.user_agent} is not distinct from ${agent})`);
}
