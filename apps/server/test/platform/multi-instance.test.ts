import { randomBytes } from 'node:crypto';
import { ENDPOINTS, MESSAGES } from '@oja/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { connect, type Database } from '../../src/db/client';
import { refresh_tokens } from '../../src/db/schema';
import { REFRESH_GRACE_SECONDS } from '../../src/modules/accounts/sessions';
import { loadConfig } from '../../src/platform/config';
import { createTokenService, hashToken } from '../../src/platform/tokens';
import { createTestApp, type TestApp } from '../app';
import {
  batchQuantities,
  codeFromMail,
  confirm,
  createCart,
  createProduct,
  freshIp,
  type Owner,
  saleCount,
  signUpBody,
  signUpCeo,
} from '../factories';
import { type ApiClient, apiClient } from '../http';

/**
 * Two servers on one database, as behind a load balancer: each has its own connection pool and
 * its own token service built from the shared TOKEN_SECRET, and nothing else in common. Whatever a
 * request leaves behind for the next one (sessions, refresh-token families, rate-limit counters,
 * one-time codes, Idempotency-Keys) must therefore be in PostgreSQL, or these tests fail.
 */
type Instance = { app: FastifyInstance; database: Database; api: ApiClient; as: TestApp };

let t: TestApp;
let a: Instance;
let b: Instance;

async function startInstance(secret: string): Promise<Instance> {
  const url = String(t.database.pool.options.connectionString);
  const database = connect(url, { max: 5 });
  const app = await buildApp({
    deps: {
      db: database.db,
      config: { ...loadConfig({}), webDistDir: '/nonexistent' },
      // The mailer stands for the outside SMTP server, which both instances send to.
      mailer: t.mailer,
      tokens: createTokenService(secret),
      log: pino({ level: 'silent' }),
    },
  });
  await app.ready();
  // The factories take a TestApp: the same database and mail, through this instance.
  return { app, database, api: apiClient(app), as: { ...t, app, db: database.db, database } };
}

beforeAll(async () => {
  t = await createTestApp();
  const secret = randomBytes(32).toString('base64url');
  a = await startInstance(secret);
  b = await startInstance(secret);
});
afterAll(async () => {
  for (const instance of [a, b]) {
    await instance?.app.close();
    await instance?.database.close();
  }
  await t?.close();
});

const profileStatus = (on: Instance, token: string) =>
  on.api.call(ENDPOINTS.accounts.profile, undefined, { token }).then((answer) => answer.status);

describe('two servers on one database', () => {
  it('activate on one server with the code the other mailed', async () => {
    const body = signUpBody({});
    expect((await a.api.call(ENDPOINTS.accounts.register, body)).status).toBe(201);
    const activated = await b.api.call(ENDPOINTS.accounts.activate, {
      email: body.email,
      code: codeFromMail(t, body.email),
    });
    expect(activated.status).toBe(200);
  });

  it('take a login on one server on the other: its access token, its refresh and its logout', async () => {
    const ceo = await signUpCeo(a.as);
    const login = await a.api.call(ENDPOINTS.accounts.login, {
      email_or_username: ceo.username,
      password: ceo.password,
    });
    expect(login.status).toBe(200);
    const { access_token, refresh_token } = login.data;
    expect(await profileStatus(b, access_token)).toBe(200);

    // Rotated on B; the new pair works on A. Within the grace window A answers the spent token with the
    // very pair B made (two tabs refreshing at once); past it, the spent token replayed on A revokes the family.
    const rotated = await b.api.call(ENDPOINTS.accounts.refresh, { refresh_token });
    expect(rotated.status).toBe(200);
    expect(await profileStatus(a, rotated.data.access_token)).toBe(200);
    const twin = await a.api.call(ENDPOINTS.accounts.refresh, { refresh_token });
    expect(twin.status).toBe(200);
    expect(twin.data).toEqual(rotated.data);
    await t.db
      .update(refresh_tokens)
      .set({ used_at: sql`now() - make_interval(secs => ${REFRESH_GRACE_SECONDS + 1})` })
      .where(eq(refresh_tokens.token_hash, hashToken(refresh_token)));
    const replay = await a.api.call(ENDPOINTS.accounts.refresh, { refresh_token });
    expect(replay.status).toBe(401);
    expect(await profileStatus(b, rotated.data.access_token)).toBe(401);
    expect((await b.api.call(ENDPOINTS.accounts.refresh, { refresh_token: rotated.data.refresh_token })).status).toBe(
      401,
    );

    // A logout on one server ends the session at once on the other: no server keeps sessions of its own.
    const second = await b.api.call(ENDPOINTS.accounts.login, {
      email_or_username: ceo.username,
      password: ceo.password,
    });
    expect(await profileStatus(a, second.data.access_token)).toBe(200);
    expect((await a.api.call(ENDPOINTS.accounts.logout, {}, { token: second.data.access_token })).status).toBe(200);
    expect(await profileStatus(b, second.data.access_token)).toBe(401);
  });

  it('count one rate limit across both servers', async () => {
    const ceo = await signUpCeo(a.as);
    const ip = freshIp();
    const wrong = { email_or_username: ceo.username, password: 'not-the-password' };
    // Ten failures from one IP lock the pair (LIMITS.loginPerPair): five on each server.
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await a.api.call(ENDPOINTS.accounts.login, wrong, { ip })).status).toBe(401);
      expect((await b.api.call(ENDPOINTS.accounts.login, wrong, { ip })).status).toBe(401);
    }
    const right = { email_or_username: ceo.username, password: ceo.password };
    for (const on of [a, b]) {
      const refused = await on.api.call(ENDPOINTS.accounts.login, right, { ip });
      expect(refused.status).toBe(429);
      expect(refused.body.detail).toBe(MESSAGES.auth.rateLimited(15));
    }
  });

  it('sell once when an Idempotency-Key is replayed on the other server, even at the same moment', async () => {
    const shop: Owner = await signUpCeo(a.as);
    const product = await createProduct(a.as, shop);
    const cart = await createCart(a.as, shop, [{ product_id: product.id, quantity: 2 }]);
    const key = `two-servers-${cart.id}-abcdef`;
    const first = await confirm(a.as, shop, cart.id, {}, { key });
    const replayed = await confirm(b.as, shop, cart.id, {}, { key });
    expect(first.status).toBe(201);
    expect(replayed.status).toBe(200);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.data.sale).toEqual(first.data.sale);

    const burstCart = await createCart(b.as, shop, [{ product_id: product.id, quantity: 3 }]);
    const burstKey = `two-servers-burst-${burstCart.id}`;
    const answers = await Promise.all(
      [a, b, a, b].map((on) => confirm(on.as, shop, burstCart.id, {}, { key: burstKey })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.data.sale.id)).size).toBe(1);
    expect(await batchQuantities(t, product.id)).toEqual([5]);
    expect(await saleCount(t, shop.businessId)).toBe(2);
  });

  it("search what a write on the other server made, though each kept the search's matches", async () => {
    const shop: Owner = await signUpCeo(a.as);
    const search = async (on: Instance) => {
      const answer = await on.api.call(
        ENDPOINTS.stock.listProducts,
        { business_id: shop.businessId, search: 'lantern' },
        { token: shop.token },
      );
      expect(answer.status).toBe(200);
      return answer.data.results.map((product) => [product.product_name, product.selling_price]);
    };
    const first = await createProduct(a.as, shop, { product_name: 'Brass Lantern', selling_price: '900.00' });
    // Each server keeps the matches of its first search (list-products.ts, searchedProducts).
    expect(await search(a)).toEqual([['Brass Lantern', '900.00']]);
    expect(await search(b)).toEqual([['Brass Lantern', '900.00']]);

    const second = await createProduct(b.as, shop, { product_name: 'Tin Lantern', selling_price: '400.00' });
    expect(await search(a)).toEqual([
      ['Tin Lantern', '400.00'],
      ['Brass Lantern', '900.00'],
    ]);
    const renamed = await a.api.call(
      ENDPOINTS.stock.updateProduct,
      { id: first.id, business_id: shop.businessId, product_name: 'Brass Lamp', selling_price: '950.00' },
      { token: shop.token },
    );
    expect(renamed.status).toBe(200);
    expect(await search(b)).toEqual([['Tin Lantern', '400.00']]);
    // A new price changes no match: the kept matches stay, and the page reads the price as it is now.
    const repriced = await b.api.call(
      ENDPOINTS.stock.updateProduct,
      { id: second.id, business_id: shop.businessId, selling_price: '450.00' },
      { token: shop.token },
    );
    expect(repriced.status).toBe(200);
    expect(await search(a)).toEqual([['Tin Lantern', '450.00']]);
  });
});
