import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ENDPOINTS, ERROR_CODES, MESSAGES } from '@oja/contract';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, toErrorAnswer } from '../../src/app';
import { connect, type Database } from '../../src/db/client';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../src/db/embedded';
import { migrateDatabase } from '../../src/db/migrate';
import { loadConfig } from '../../src/platform/config';
import { isConnectionLost } from '../../src/platform/errors';
import { createMemoryMailer } from '../../src/platform/mail';
import { createTokenService } from '../../src/platform/tokens';
import type { TestApp } from '../app';
import { createCart, createProduct, type Owner, signUpCeo } from '../factories';
import { apiClient } from '../http';

/** The longest any request may take while the database is stopped or coming back. */
const ANSWER_WITHIN_MS = 5_000;
/** How long the server may take to serve again once the database is back. */
const RECOVERY_WITHIN_MS = 10_000;
const IN_FLIGHT = 20;

type Outcome = { status: number; code?: string; detail?: string; ms: number };

/**
 * Issue 13: PostgreSQL stops while requests are streaming in. The server must answer 503 with the
 * contract's message (never 500, never hang), stay up, and serve again by itself once PostgreSQL
 * returns on the same data directory. This file runs its own cluster: the shared one must not stop.
 */
describe('PostgreSQL stopped mid-stream', () => {
  const password = 'test';
  const quiet = () => {};
  const log = { info: quiet, debug: quiet, warn: quiet };
  let dataDir: string;
  let cluster: EmbeddedDatabase | undefined;
  const clusterDirs = new Set<string>();
  let database: Database;
  let t: TestApp;
  let owner: Owner;
  let productId: number;
  let cartId: number;
  let port: number;

  const start = async () => {
    cluster = await startEmbeddedPostgres({ dataDir, password, log, port });
    clusterDirs.add(cluster.clusterDir);
    return cluster;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'oja-db-down-'));
    cluster = await startEmbeddedPostgres({ dataDir, password, log });
    clusterDirs.add(cluster.clusterDir);
    port = Number(new URL(cluster.url).port);
    database = connect(cluster.url, { max: 10 });
    await migrateDatabase(database.pool);
    const mailer = createMemoryMailer();
    const app = await buildApp({
      deps: {
        db: database.db,
        config: { ...loadConfig({}), webDistDir: '/nonexistent' },
        mailer,
        tokens: createTokenService(randomBytes(32).toString('base64url')),
        log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      },
    });
    await app.ready();
    t = { app, db: database.db, database, mailer, close: () => app.close() };
    owner = await signUpCeo(t);
    productId = (await createProduct(t, owner, { product_name: 'Garri 1kg' })).id;
    cartId = (await createCart(t, owner, [{ product_id: productId, quantity: 1 }])).id;
  });

  afterAll(async () => {
    try {
      await t?.app.close();
      // pool.end() waits for every checked-out client: a leaked one must not keep the cluster running.
      if (database) await Promise.race([database.close(), sleep(5_000, undefined, { ref: false })]);
    } finally {
      await cluster?.stop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
      // As root the cluster may live outside the data directory (see db/embedded-as-root.ts).
      for (const dir of clusterDirs) await rm(dir, { recursive: true, force: true });
    }
  });

  /** One request of the stream, alternating a read and a write; fails the test if it hangs. */
  async function oneRequest(index: number): Promise<Outcome> {
    const api = apiClient(t.app);
    const began = performance.now();
    const pending =
      index % 2 === 0
        ? api.call(ENDPOINTS.stock.listProducts, { business_id: owner.businessId }, { token: owner.token })
        : api.call(
            ENDPOINTS.sales.createCart,
            { business_id: owner.businessId, items: [{ product_id: productId, quantity: 1 }] },
            { token: owner.token },
          );
    const hung = sleep(ANSWER_WITHIN_MS, 'hung' as const, { ref: false });
    const answer = await Promise.race([pending, hung]);
    const ms = Math.round(performance.now() - began);
    if (answer === 'hung') return { status: 0, ms };
    return { status: answer.status, code: answer.body.code, detail: answer.body.detail, ms };
  }

  /** IN_FLIGHT requests at all times until `stop` resolves; answers every outcome. */
  async function stream(until: (outcomes: readonly Outcome[]) => Promise<unknown>): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    let running = true;
    let counter = 0;
    const worker = async () => {
      while (running) outcomes.push(await oneRequest(counter++));
    };
    const workers = Array.from({ length: IN_FLIGHT }, worker);
    try {
      await until(outcomes);
    } finally {
      running = false;
      await Promise.all(workers);
    }
    return outcomes;
  }

  function expectOnly2xxOr503(outcomes: Outcome[]) {
    const wrong = outcomes.filter(
      (o) =>
        o.status === 0 ||
        o.ms >= ANSWER_WITHIN_MS ||
        !(
          (o.status >= 200 && o.status < 300) ||
          (o.status === 503 &&
            o.code === ERROR_CODES.unavailable &&
            o.detail === MESSAGES.validation.databaseUnavailable)
        ),
    );
    expect(wrong).toEqual([]);
  }

  async function health(): Promise<number> {
    return (await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode;
  }

  it('takes a missing socket for a stopped database, and no other missing file', () => {
    const noSocket = Object.assign(new Error('connect ENOENT /data/postgres/.s.PGSQL.5433'), {
      code: 'ENOENT',
      syscall: 'connect',
    });
    const noFile = Object.assign(new Error("ENOENT: no such file or directory, open '/fonts/a.ttf'"), {
      code: 'ENOENT',
      syscall: 'open',
    });
    expect(isConnectionLost(noSocket)).toBe(true);
    expect(toErrorAnswer(noSocket).status).toBe(503);
    expect(isConnectionLost(noFile)).toBe(false);
    expect(toErrorAnswer(noFile).status).toBe(500);
  });

  it('answers 503 with a message while PostgreSQL is down, stays up, and recovers by itself', async () => {
    const stopped = cluster;
    if (!stopped) throw new Error('no cluster');
    // A use case between two statements of its transaction when PostgreSQL goes: its connection dies while
    // checked out of the pool, the one moment pg has nobody listening to the client's 'error' (an uncaught
    // exception, the process would exit). The stream below meets that moment only by chance; this always does.
    let stoppedNow = () => {};
    const untilStopped = new Promise<void>((resolve) => {
      stoppedNow = resolve;
    });
    const held = t.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await untilStopped;
        await tx.execute(sql`select 1`);
      })
      .then(
        () => new Error('the transaction committed on a stopped database'),
        (error: Error) => error,
      );

    // A stream in full flow, then PostgreSQL stops under it, then the stream goes on against a dead database.
    const duringStop = await stream(async (outcomes) => {
      // Stopped once the stream has been answered at least once: on a busy machine a fixed pause was not enough.
      await sleep(500);
      while (!outcomes.some((o) => o.status >= 200 && o.status < 300)) await sleep(100);
      await stopped.stop();
      cluster = undefined;
      stoppedNow();
      await sleep(1_500);
    });
    expectOnly2xxOr503(duringStop);
    const heldError = await held;
    expect(isConnectionLost(heldError), String(heldError)).toBe(true);
    expect(toErrorAnswer(heldError).status).toBe(503);
    expect(duringStop.some((o) => o.status >= 200 && o.status < 300)).toBe(true);
    expect(duringStop.some((o) => o.status === 503)).toBe(true);

    // Down: every request fails fast with the message, the health check says so, and the process lives on.
    const down = await stream(() => sleep(1_000));
    expectOnly2xxOr503(down);
    expect(down.length).toBeGreaterThan(0);
    expect(down.every((o) => o.status === 503)).toBe(true);
    expect(await health()).toBe(503);
    const answer = await apiClient(t.app).call(
      ENDPOINTS.stock.listProducts,
      { business_id: owner.businessId },
      { token: owner.token },
    );
    expect(answer.status).toBe(503);
    expect(answer.body.detail).toBe(MESSAGES.validation.databaseUnavailable);
    expect(answer.body.response_description).toBe(MESSAGES.validation.databaseUnavailable);
    expect(answer.headers['retry-after']).toBe('5');

    // PostgreSQL comes back on the same data directory and port: nothing is restarted on the server's side.
    const restarting = start();
    const whileRestarting = await stream(() => restarting);
    expectOnly2xxOr503(whileRestarting);

    const back = performance.now();
    let healthy = false;
    while (!healthy && performance.now() - back < RECOVERY_WITHIN_MS) {
      const statuses = [await health(), (await oneRequest(0)).status, (await oneRequest(1)).status];
      healthy = statuses[0] === 200 && statuses[1] === 200 && statuses[2] === 201;
      if (!healthy) await sleep(200);
    }
    expect(healthy).toBe(true);

    // Recovered: a full stream answers only 2xx, and what was written before the stop is still there.
    const after = await stream(() => sleep(1_000));
    expect(after.filter((o) => o.status < 200 || o.status >= 300 || o.ms >= ANSWER_WITHIN_MS)).toEqual([]);
    const products = await apiClient(t.app).call(
      ENDPOINTS.stock.listProducts,
      { business_id: owner.businessId },
      { token: owner.token },
    );
    expect(products.status).toBe(200);
    expect(products.data.results.map((p) => p.id)).toContain(productId);
    expect(products.data.results.find((p) => p.id === productId)?.product_name).toBe('Garri 1kg');
    const carts = await apiClient(t.app).call(
      ENDPOINTS.sales.listCarts,
      { business_id: owner.businessId, id: cartId },
      { token: owner.token },
    );
    expect(carts.status).toBe(200);
    expect(carts.data.results.map((c) => c.id)).toEqual([cartId]);
  }, 40_000);
});
