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
  logLevel: string;
  /** Secret for signing access tokens and keying code hashes; generated under dataDir when not given. */
  tokenSecret: string | undefined;
  webDistDir: string;
  /** Serve cookies with the Secure flag (behind HTTPS). */
  cookieSecure: boolean;
  trustProxy: boolean;
  dbPoolSize: number;
  /** How many server processes share the port (node:cluster); 1 runs the server in the main process. */
  webConcurrency: number;
  /**
   * Create the demo shop (src/demo) when the database is empty at start-up: on unless DEMO_DATA=false,
   * and off in production (NODE_ENV=production) unless DEMO_DATA=true.
   */
  demoData: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: intFrom(env.PORT, 3000, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Oja <no-reply@oja.local>',
    logLevel: env.LOG_LEVEL ?? 'info',
    tokenSecret: env.TOKEN_SECRET || undefined,
    webDistDir: env.WEB_DIST_DIR ? resolve(env.WEB_DIST_DIR) : webDistDir(),
    cookieSecure: env.COOKIE_SECURE === 'true',
    trustProxy: env.TRUST_PROXY === 'true',
    dbPoolSize: intFrom(env.DB_POOL_SIZE, 10, 'DB_POOL_SIZE'),
    webConcurrency: Math.max(1, intFrom(env.WEB_CONCURRENCY, 1, 'WEB_CONCURRENCY')),
    demoData: env.DEMO_DATA === 'true' || (env.DEMO_DATA !== 'false' && env.NODE_ENV !== 'production'),
  };
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, got "${value}".`);
  return parsed;
}
