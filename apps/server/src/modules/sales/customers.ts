import { type Customer, SALES_MESSAGES } from '@oja/contract';
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { memberships, users } from '../../db/schema';
import { containsPattern } from '../../db/search';
import { fieldError } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';

const CUSTOMER_LOOKUP_LIMIT = 20;

const isActiveCustomerOf = (businessId: number) =>
  and(eq(memberships.business_id, businessId), eq(memberships.role, 'customer'), eq(memberships.is_active, true));

/** The business's registered customers whose name, username or email contains the search, for a cart to name. */
export async function listCustomers(ctx: BusinessContext, search: string | undefined): Promise<Customer[]> {
  const pattern = search ? containsPattern(search) : null;
  return ctx.db
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      username: users.username,
      email: users.email,
      phone_number: users.phone_number,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(
      and(
        isActiveCustomerOf(ctx.businessId),
        pattern
          ? or(
              ilike(users.first_name, pattern),
              ilike(users.last_name, pattern),
              ilike(users.username, pattern),
              ilike(users.email, pattern),
              ilike(users.phone_number, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.first_name), asc(users.last_name), asc(users.id))
    .limit(CUSTOMER_LOOKUP_LIMIT);
}

/** The full name of a registered, active customer of this business; anyone else is refused. */
export async function requireCustomer(db: Queryable, businessId: number, customerId: number): Promise<string> {
  const [row] = await db
    .select({ first_name: users.first_name, last_name: users.last_name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(and(isActiveCustomerOf(businessId), eq(memberships.user_id, customerId)))
    .limit(1);
  if (!row) throw fieldError('customer_id', SALES_MESSAGES.customerNotFound);
  return `${row.first_name} ${row.last_name}`.trim();
}
