import type { WaitingMember } from '@oja/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { eachRun, type Limit, limitOf } from '../../db/limit';
import { memberships, users } from '../../db/schema';
import { figureOf } from './figure-json';
import type { Id } from './sale-figures';

/** [user_id, first_name, last_name, username, role, joined_at]: waitingMembersJson's member. */
export type WaitingTuple = [number, string, string, string, WaitingMember['role'], string];

/**
 * Who joined by an invite link and waits for the CEO to activate them, as JSON: the longest waiting first.
 * Off memberships_awaiting_idx (migration 0042): the few waiting rows of the business, none for most.
 */
export function waitingMembersJson(businessId: Id, limit: Limit): SQL {
  return sql`(select json_agg(json_build_array(w.user_id, w.first_name, w.last_name, w.username, w.role, w.joined_at)
      order by w.joined_at, w.user_id)
    from (select ${memberships.user_id} as user_id, ${users.first_name} as first_name, ${users.last_name} as last_name,
        ${users.username} as username, ${memberships.role} as role, ${memberships.created_at} as joined_at
      from ${memberships}
      join ${users} on ${users.id} = ${memberships.user_id}
      where ${memberships.business_id} = ${businessId} and ${memberships.awaiting_activation}
        and not ${memberships.is_active}
      order by ${memberships.created_at}, ${memberships.user_id}
      limit ${limitOf(limit)}) w)`;
}

export const waitingMembersFrom = (tuples: WaitingTuple[] | null): WaitingMember[] =>
  (tuples ?? []).map(([user_id, first_name, last_name, username, role, joined_at]) => ({
    user_id,
    first_name,
    last_name,
    username,
    role,
    joined_at: new Date(joined_at).toISOString(),
  }));

/** Who waits for activation, the longest waiting first (waitingMembersJson run alone). */
export async function waitingMembers(db: Queryable, businessId: number, limit: number): Promise<WaitingMember[]> {
  return waitingMembersFrom(await figureOf<WaitingTuple[]>(db, waitingMembersJson(businessId, eachRun(limit))));
}
