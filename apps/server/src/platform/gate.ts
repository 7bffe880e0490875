import { can, MEMBER_ROLES, type MemberRole, type Permission } from '@oja/contract';
import { and, eq, gt, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { OrPlaceholder } from '../db/built-once';
import { businesses, memberships, sessions, users } from '../db/schema';
import type { BusinessContext, RequestContext } from './context';

/**
 * The gate's rules, written once (docs/adr/0021-one-gate.md): which session is live (liveSession), which
 * membership counts (activeMembership), and which roles a route lets through (rolesWith, the contract's
 * `can` over every role). The gate's own statement (auth.ts's prepareGate, run by every route's preHandler) and
 * the gate folded into a read (gateSql, below) are both built from them.
 *
 * The gate folded into a read: a business-scoped GET whose handler is marked `foldsGate` (endpoints.ts) runs the
 * gate's check inside the read's own statement, one round trip instead of two.
 *
 * Every signed-in request paid the gate's statement (the session, its user, the membership and the business,
 * auth.ts) and then its read's: two statements, each a write to PostgreSQL's socket, a wakeup of its backend, a
 * bind and an execution, and rows parsed in node. Folding it cut the node CPU of the product list, the overview, the
 * sales list and the search (ADR 0021 has the figures). The carts, folded the same way, first gained nothing:
 * drizzle built their statement per request (its filters vary), and the gate's part with it, which cost what the
 * round trip saved. Built once per shape of their filters, folded, they gained (modules/sales/cart-items.ts).
 * Where the database is another machine, as it will be past one server, each fold also saves a round trip on the
 * network.
 *
 * Folded, the gate is the statement's first CTE (`gate`, at most one row: every key it reads is a primary key),
 * and the read's rows are joined to it: no gate row, no read row, so a refused caller gets nothing, whatever the
 * read. The CTE is materialised and comes first in the join, and the read's own CTEs and scalar subqueries are
 * evaluated only when a row needs them, so a refused read reads nothing else (test/platform/folded-gate.test.ts
 * holds it with EXPLAIN ANALYZE). The folded check is the gate's own conditions, the same SQL as its statement's:
 * a live session of this user, an active user, an active membership in the business, and a role among those the
 * route's permission lets through (and, for a read written for the whole business's records, the entry's `whole`).
 *
 * When it refuses, the statement answers no row, which does not say why. The request then goes through the
 * gate as every other request does (`pass`): its statement tells an ended session (401) from another business
 * (404) and a role without the permission (403), with the same messages. A caller the folded check refused and
 * the gate lets through (a customer on the sales list, whose read is another statement) then reads as before.
 */

/** Who reads a business, as a read's answer needs it: the business, its slug, and the reader's role in it. */
export type Viewer = { businessId: number; role: MemberRole; business: { id: number; slug: string } };

/** A business-scoped request whose gate has not run yet: it runs inside the read's statement (gateValues). */
export type GateToPass = RequestContext & {
  businessId: number;
  gate: {
    sessionId: string;
    userId: number;
    /** The route's permission: the folded gate lets through only the roles that hold it. */
    permission: Permission;
    /** The entry's `whole`: the roles that see the business's records, not only their own (tenancy.ts). */
    whole?: Permission;
    /** The gate as every other request passes it (auth.ts, tenancy.ts): its context, or its 401, 404 or 403. */
    pass(): Promise<BusinessContext>;
  };
};

/** What a folded read is given: a gate still to pass, or the context of one passed already (tests, writes). */
export type BusinessReader = BusinessContext | GateToPass;

export const isGateToPass = (reader: BusinessReader): reader is GateToPass => 'gate' in reader;

/** The context of a reader, passing its gate on the way if it has not passed yet. */
export const passedGate = (reader: BusinessReader): Promise<BusinessContext> | BusinessContext =>
  isGateToPass(reader) ? reader.gate.pass() : reader;

/**
 * The folded gate's values, named as gateSql's placeholders. `gateNow` is ISO text: node-postgres writes a Date
 * parameter through its own local-time formatting on every run, where the ISO text goes as it is.
 */
export type GateValues = { gateSession: string; gateUser: number; gateNow: string; gateRoles: MemberRole[] };

const rolesCache = new Map<string, MemberRole[]>();
/** The roles that hold every one of `permissions`. */
function rolesWith(permissions: Permission[]): MemberRole[] {
  const key = permissions.join(' ');
  let roles = rolesCache.get(key);
  if (!roles) {
    roles = MEMBER_ROLES.filter((role) => permissions.every((permission) => can(role, permission)));
    rolesCache.set(key, roles);
  }
  return roles;
}

/**
 * The values of a folded read's gate: this session and user, now, and the roles that hold the route's
 * permission; with `sees: 'business'` (a read whose statement is the whole business's, as the sales list's
 * staff statement), only those that also hold the entry's `whole`, the others going through the gate.
 */
export function gateValues(reader: GateToPass, sees?: 'business'): GateValues {
  const { gate } = reader;
  const whole = sees === 'business' && gate.whole ? [gate.whole] : [];
  return {
    gateSession: gate.sessionId,
    gateUser: gate.userId,
    gateNow: new Date().toISOString(),
    gateRoles: rolesWith([gate.permission, ...whole]),
  };
}

/** The gate's columns on each row of a folded read. */
export type GateRow = { gate_role: MemberRole; gate_slug: string };

/** The reader of a folded read's row: the business the request names, with the gate's role and slug. */
const viewerOf = (reader: GateToPass, row: GateRow): Viewer => ({
  businessId: reader.businessId,
  role: row.gate_role,
  business: { id: reader.businessId, slug: row.gate_slug },
});

/** What a statement needs to fold the gate in: its CTE, the alias to join first, its columns. */
export type GateSql = { cte: SQL; from: SQL; columns: SQL };

const values = {
  gateSession: sql.placeholder('gateSession'),
  gateUser: sql.placeholder('gateUser'),
  gateNow: sql.placeholder('gateNow'),
  gateRoles: sql.placeholder('gateRoles'),
} satisfies Record<keyof GateValues, unknown>;

/**
 * A live session: this session of this user, not ended, not expired (`now`, ISO text), its user active (else 401).
 * Over sessions joined to users.
 */
export const liveSession = (session: Placeholder, user: Placeholder, now: Placeholder): SQL =>
  and(
    eq(sessions.id, session),
    eq(sessions.user_id, user),
    isNull(sessions.revoked_at),
    gt(sessions.expires_at, now),
    eq(users.is_active, true),
  ) as SQL;

/** The session's user's active membership in the business (else 404), as a join condition on memberships. */
export const activeMembership = (businessId: OrPlaceholder<number>): SQL =>
  and(
    eq(memberships.business_id, businessId),
    eq(memberships.user_id, users.id),
    eq(memberships.is_active, true),
  ) as SQL;

/**
 * The gate as the CTE `gate` of a statement built once (db/built-once.ts), for the business `businessId` (the
 * read's own placeholder); the other placeholders take gateValues'.
 */
export function gateSql(businessId: OrPlaceholder<number>): GateSql {
  // The roles are a parameter written `any(($n)::text[])`, which db/statement-names.ts's guard lets through as
  // it does `offset ($n)`: they filter the one membership row found by its key, so no plan depends on them.
  // Written `any($n::text[])`, the statement ran unnamed and was planned on every run, which made the search's
  // and the overview's PostgreSQL CPU several times larger.
  return {
    cte: sql`gate as materialized (
      select ${memberships.role} as gate_role, ${businesses.slug} as gate_slug
      from ${sessions}
        join ${users} on ${users.id} = ${sessions.user_id}
        join ${memberships} on ${activeMembership(businessId)}
        join ${businesses} on ${businesses.id} = ${memberships.business_id}
      where ${liveSession(values.gateSession, values.gateUser, values.gateNow)}
        and ${memberships.role} = any((${values.gateRoles})::text[]))`,
    from: sql`gate g`,
    columns: sql`g.gate_role, g.gate_slug`,
  };
}

/**
 * A read that folds the gate when it has one to pass: `read(gate)` runs the read's statement with the gate's
 * values (gate) or without the gate (null: it passed already). Its statement must answer at least one row when
 * the gate lets it through (a page with its count, an overview). Answers the reader and the rows.
 */
export async function readThroughGate<Row extends Partial<GateRow>>(
  reader: BusinessReader,
  read: (gate: GateValues | null) => Promise<Row[]>,
): Promise<{ viewer: Viewer; rows: Row[] }> {
  if (!isGateToPass(reader)) return { viewer: reader, rows: await read(null) };
  const rows = await read(gateValues(reader));
  const [first] = rows;
  if (first?.gate_role && first.gate_slug !== undefined) {
    return { viewer: viewerOf(reader, first as Row & GateRow), rows };
  }
  // Refused: the gate says why (and throws), or lets the caller through to the read without it.
  const viewer = await reader.gate.pass();
  return { viewer, rows: await read(null) };
}
