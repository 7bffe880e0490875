import { ACCOUNT_ENDPOINTS } from '@oja/contract';
import { type Database, hashPassword } from '@oja/server/bench';
import type { FastifyInstance } from 'fastify';

const PASSWORD = 'bench-pass-word';

/** A CEO with a business of their own, written straight to the tables. */
export async function createOwner(
  database: Database,
  label: string,
): Promise<{ businessId: number; userId: number; username: string }> {
  const username = `bench.${label}`;
  const passwordHash = await hashPassword(PASSWORD);
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    const user = await client.query<{ id: string }>(
      `insert into users (first_name, last_name, username, password_hash, is_active, account_role)
       values ('Bench', $1, $2, $3, true, 'ceo') returning id`,
      [label, username, passwordHash],
    );
    const userId = user.rows[0]!.id;
    const business = await client.query<{ id: string }>(
      `insert into businesses (name, slug, owner_id) values ($1, $2, $3) returning id`,
      [`${label} Stores`, `bench-${label}`, userId],
    );
    const businessId = business.rows[0]!.id;
    await client.query(`insert into memberships (business_id, user_id, role, is_active) values ($1, $2, 'ceo', true)`, [
      businessId,
      userId,
    ]);
    await client.query('update users set current_business_id = $1 where id = $2', [businessId, userId]);
    await client.query('commit');
    return { businessId: Number(businessId), userId: Number(userId), username };
  } finally {
    client.release();
  }
}

export async function logIn(app: FastifyInstance, username: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1${ACCOUNT_ENDPOINTS.login.path}`,
    payload: { email_or_username: username, password: PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`Login failed: ${response.body}`);
  return response.json().response_data.access_token;
}
