import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { connect, type Database, type Db } from '../src/db/client';
import { loadConfig } from '../src/platform/config';
import { createMemoryMailer } from '../src/platform/mail';
import { createTokenService } from '../src/platform/tokens';
import { adminQuery, withDatabase } from './global-setup';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  database: Database;
  mailer: ReturnType<typeof createMemoryMailer>;
  close(): Promise<void>;
};

/**
 * The whole application on a database of its own, copied from the migrated
 * template: call once per test file (beforeAll) and close it in afterAll.
 */
export async function createTestApp(options: { poolSize?: number; webDistDir?: string } = {}): Promise<TestApp> {
  const adminUrl = inject('adminUrl');
  const name = `${inject('databasePrefix')}${randomBytes(6).toString('hex')}`;
  await createDatabaseFromTemplate(adminUrl, name, inject('templateDatabase'));
  const database = connect(withDatabase(adminUrl, name), { max: options.poolSize ?? 20 });
  const mailer = createMemoryMailer();
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const app = await buildApp({
    deps: {
      db: database.db,
      config: { ...loadConfig({}), webDistDir: options.webDistDir ?? '/nonexistent' },
      mailer,
      tokens: createTokenService(randomBytes(32).toString('base64url')),
      log,
    },
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    mailer,
    async close() {
      await app.close();
      await database.close();
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

async function createDatabaseFromTemplate(adminUrl: string, name: string, template: string): Promise<void> {
  // Files start together; PostgreSQL copies a template for one CREATE DATABASE at a time.
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(adminUrl, `create database "${name}" template "${template}"`);
      return;
    } catch (error) {
      if (attempt >= 20 || !String((error as Error).message).includes('is being accessed by other users')) throw error;
      await sleep(100 * attempt);
    }
  }
}
