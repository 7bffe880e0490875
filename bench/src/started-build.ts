/**
 * The production build started as `npm start` starts it (the server bundle of build.mjs, its own embedded
 * PostgreSQL in a temporary DATA_DIR), for the soaks: its address, a connection to its database (reached as
 * `npm run backup` reaches it), and a stop that checks it stops on SIGTERM and removes everything it made.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { freePort, loadConfig, openOjaDatabase } from '@oja/server/bench';
import pg from 'pg';

export const ROOT = resolve(import.meta.dirname, '../..');
const SERVER_DIR = join(ROOT, 'apps/server');

export type StartedBuild = {
  baseUrl: string;
  server: ChildProcess;
  db: pg.Pool;
  /** Stops the server and removes its data; answers what went wrong doing so (nothing, normally). */
  stop(): Promise<string[]>;
};

export async function startProductionBuild(build: string): Promise<StartedBuild> {
  await promisify(execFile)(process.execPath, ['build.mjs'], {
    cwd: SERVER_DIR,
    env: { ...process.env, OJA_BUILD: build },
  });
  const dataDir = await mkdtemp(join(tmpdir(), `oja-${build}-`));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [join(SERVER_DIR, `dist-${build}`, 'main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const serverExit = new Promise<number | null>((done) => server.once('exit', done));
  let database: Awaited<ReturnType<typeof openOjaDatabase>> | undefined;
  let db: pg.Pool | undefined;

  const stop = async (): Promise<string[]> => {
    const failures: string[] = [];
    await db?.end();
    await database?.close();
    if (server.exitCode === null) server.kill('SIGTERM');
    const code = await Promise.race([serverExit, sleep(30_000, 'timeout' as const)]);
    if (code === 'timeout') {
      server.kill('SIGKILL');
      failures.push('The server did not stop within 30 s of SIGTERM.');
    }
    // As root the cluster may live outside the data directory (see db/embedded-as-root.ts).
    const moved = (await readFile(join(dataDir, 'postgres-location'), 'utf8').catch(() => '')).trim();
    await rm(dataDir, { recursive: true, force: true });
    if (moved) await rm(moved, { recursive: true, force: true });
    await rm(join(SERVER_DIR, `dist-${build}`), { recursive: true, force: true });
    return failures;
  };

  try {
    for (const began = Date.now(); ; await sleep(200)) {
      const ok = await fetch(`${baseUrl}/healthz`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ok) break;
      if (server.exitCode !== null || Date.now() - began > 120_000) throw new Error('The server did not start.');
    }
    const quiet = { info: () => {}, warn: () => {}, debug: () => {} };
    database = await openOjaDatabase(loadConfig({ DATA_DIR: dataDir }), { log: quiet, mustExist: true });
    db = new pg.Pool({ connectionString: database.url, max: 2 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, server, db, stop };
}
