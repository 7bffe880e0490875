import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildApp,
  connect,
  createMemoryMailer,
  createTokenService,
  type Database,
  loadConfig,
  migrateDatabase,
  startEmbeddedPostgres,
} from '@oja/server/bench';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';

export type Bench = {
  database: Database;
  /** The whole HTTP application on the bench's database, ready for inject(). */
  startApp(): Promise<FastifyInstance>;
  /** Stops the app (if started), the pool and the cluster, and removes the data. */
  close(): Promise<void>;
};

/** A benchmark's own PostgreSQL in a temporary directory, migrated, with the app built on it on demand. */
export async function startBench(prefix: string): Promise<Bench> {
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  const quiet = () => {};
  const embedded = await startEmbeddedPostgres({
    dataDir,
    password: randomBytes(12).toString('hex'),
    log: { info: quiet, debug: quiet, warn: (message) => console.warn(message) },
  });
  const database = connect(embedded.url, { max: 10 });
  let app: FastifyInstance | undefined;
  const close = async () => {
    await app?.close();
    await database.close();
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await migrateDatabase(database.pool);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    database,
    async startApp() {
      app = await buildApp({
        deps: {
          db: database.db,
          config: { ...loadConfig({}), webDistDir: '/nonexistent' },
          mailer: createMemoryMailer(),
          tokens: createTokenService(randomBytes(32).toString('base64url')),
          log: pino({ level: 'silent' }),
        },
      });
      await app.ready();
      return app;
    },
    close,
  };
}
