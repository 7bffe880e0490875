import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { webDistDir } from './paths';

export type Config = {
  port: number;
  host: string;
  /** Where the embedded PostgreSQL cluster, the lock file and generated secrets live. */
  dataDir: string;
  /** An external PostgreSQL (15+); when absent the server starts its own. */
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Where people open Oja (PUBLIC_URL, e.g. https://shop.example.ng): the links in mails point there. Never
   * taken from a request's Host header, which whoever sends the request writes: a link to their site would
   * carry the token away.
   */
  publicUrl: string;
  logLevel: string;
  /** Secret for signing access tokens and keying code hashes; generated under dataDir when not given. */
  tokenSecret: string | undefined;
  webDistDir: string;
  /** Serve cookies with the Secure flag (behind HTTPS). */
  cookieSecure: boolean;
  trustProxy: boolean;
  /** PostgreSQL connections per server process (see defaultPoolSize). */
  dbPoolSize: number;
  /** How many server processes share the port (node:cluster); 1 runs the server in the main process. */
  webConcurrency: number;
  /**
   * Create the demo shop (src/demo) when the database is empty at start-up: on unless DEMO_DATA=false,
   * and off in production (NODE_ENV=production) unless DEMO_DATA=true.
   */
  demoData: boolean;
};

/**
 * The pool each server process gets when DB_POOL_SIZE is not set: about twice the machine's cores in all
 * (HikariCP's rule, cores × 2 + 1), shared among the processes, at least 2 each. The embedded PostgreSQL runs
 * on the same cores as the servers, and a backend is either on a core or waiting for one: with more
 * connections than that, requests run in PostgreSQL side by side and each one's time stretches with the
 * number running, so an expensive request's latency grows with every cheap one beside it; with fewer,
 * they wait their turn in the pool and then run at full speed. On the load bench a pool of 5 instead of 10
 * shortened the p99 of the search, the hot product's sale and the overview, for a little of the cart's
 * throughput; 4 and 6 were no better than 5 (bench/README.md). An external
 * database (DATABASE_URL) on other cores, or PgBouncer, wants DB_POOL_SIZE set for it.
 */
export function defaultPoolSize(webConcurrency: number, cores = availableParallelism()): number {
  return Math.max(2, Math.ceil((cores * 2 + 1) / webConcurrency));
}

/** How many server processes share the port (WEB_CONCURRENCY): what the per-process shares are divided by. */
export function webConcurrencyOf(env: NodeJS.ProcessEnv = process.env): number {
  return Math.max(1, intFrom(env.WEB_CONCURRENCY, 1, 'WEB_CONCURRENCY'));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cores = availableParallelism()): Config {
  const webConcurrency = webConcurrencyOf(env);
  return {
    port: intFrom(env.PORT, 3000, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Oja <no-reply@oja.local>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${intFrom(env.PORT, 3000, 'PORT')}`).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    tokenSecret: env.TOKEN_SECRET || undefined,
    webDistDir: env.WEB_DIST_DIR ? resolve(env.WEB_DIST_DIR) : webDistDir(),
    cookieSecure: env.COOKIE_SECURE === 'true',
    trustProxy: env.TRUST_PROXY === 'true',
    dbPoolSize: Math.max(1, intFrom(env.DB_POOL_SIZE, defaultPoolSize(webConcurrency, cores), 'DB_POOL_SIZE')),
    webConcurrency,
    demoData: env.DEMO_DATA === 'true' || (env.DEMO_DATA !== 'false' && env.NODE_ENV !== 'production'),
  };
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, got "${value}".`);
  return parsed;
}
