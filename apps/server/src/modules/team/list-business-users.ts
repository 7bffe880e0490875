import { type BusinessUsersPage, EMPLOYEE_ROLES, type listUsersQuerySchema, PAGE_SIZE, pageInfo } from '@oja/contract';
import { and, asc, count, desc, eq, ilike, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { memberships, users } from '../../db/schema';
import { containsPattern } from '../../db/search';
import type { BusinessContext } from '../../platform/tenancy';
import { presentUser } from '../accounts/user-answer';

type Query = z.output<typeof listUsersQuerySchema>;

/**
 * One page of a business's members, filtered and searched by the server so
 * that the filters work past the first page. CEOs come first, then the newest
 * members (those waiting for activation are usually the newest).
 */
export async function listBusinessUsers(context: BusinessContext, query: Query): Promise<BusinessUsersPage> {
  const where = and(eq(memberships.business_id, context.businessId), ...filtersOf(query));
  const pageSize = PAGE_SIZE.users;
  const [[total], rows] = await Promise.all([
    context.db
      .select({ count: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.user_id))
      .where(where),
    context.db
      .select({ user: users, role: memberships.role, isActive: memberships.is_active })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.user_id))
      .where(where)
      .orderBy(desc(sql`${memberships.role} = 'ceo'`), desc(memberships.created_at), asc(users.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
  ]);
  const results = rows.map((row) =>
    presentUser(row.user, { role: row.role, is_active: row.isActive, business: context.business }),
  );
  return { ...pageInfo(total?.count ?? 0, query.page, pageSize), results: { data: { results } } };
}

function filtersOf(query: Query): (SQL | undefined)[] {
  // Usable means what login checks: an active account with an active membership here.
  const usable = sql`(${memberships.is_active} and ${users.is_active})`;
  const roleFilter = {
    all: undefined,
    customers: eq(memberships.role, 'customer'),
    employees: inArray(memberships.role, [...EMPLOYEE_ROLES]),
    staff: inArray(memberships.role, ['ceo', ...EMPLOYEE_ROLES]),
  }[query.role];
  const statusFilter = { all: undefined, active: usable, inactive: not(usable) }[query.status];
  return [roleFilter, statusFilter, searchFilter(query.search)];
}

/** Case-insensitive "contains" over email, first, last, full name and username; % and _ are literal. */
function searchFilter(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(users.email, pattern),
    ilike(users.first_name, pattern),
    ilike(users.last_name, pattern),
    ilike(users.username, pattern),
    ilike(sql`${users.first_name} || ' ' || ${users.last_name}`, pattern),
  );
}
