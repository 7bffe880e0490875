import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';

/**
 * `WEB_CONCURRENCY=2` as a user starts it (the production build of src/main.ts, on a test database):
 * two worker processes answer on one port, a worker that dies is replaced, and SIGTERM stops them all.
 */
const SERVER_DIR = resolve(import.meta.dirname, '../..');
/** A build of its own (build.mjs's OJA_BUILD), so as not to touch dist; each process starts in a second. */
const BUILD = `cluster-test-${process.pid}`;

let t: TestApp;
let dataDir: string;
let server: ChildProcess;
let port: number;
const logLines: { pid?: number; msg?: string }[] = [];

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/** GET /healthz on a new connection each time, so that the primary hands each to the next worker. */
function health(): Promise<number> {
  return new Promise((done, fail) => {
    const call = request({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (answer) => {
      answer.resume();
      answer.on('end', () => done(answer.statusCode ?? 0));
    });
    call.on('error', fail);
    call.end();
  });
}

/** The pids of the processes that logged an answered request since `from` (pino logs each with its pid). */
const answeringPids = (from: number) =>
  new Set(logLines.slice(from).flatMap((line) => (line.msg === 'request completed' && line.pid ? [line.pid] : [])));

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}. Log:\n${JSON.stringify(logLines)}`);
    await sleep(100);
  }
}

beforeAll(async () => {
  t = await createTestApp({ poolSize: 1 });
  dataDir = await mkdtemp(join(tmpdir(), 'oja-cluster-'));
  port = await freePort();
  await promisify(execFile)(process.execPath, ['build.mjs'], {
    cwd: SERVER_DIR,
    env: { ...process.env, OJA_BUILD: BUILD },
  });
  server = spawn(process.execPath, [join(SERVER_DIR, `dist-${BUILD}`, 'main.js')], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: String(t.database.pool.options.connectionString),
      DATA_DIR: dataDir,
      TOKEN_SECRET: randomBytes(32).toString('base64url'),
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_CONCURRENCY: '2',
      DB_POOL_SIZE: '2',
      LOG_LEVEL: 'info',
      // The test database is empty: no demo shop to build before the workers start.
      DEMO_DATA: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let buffered = '';
  server.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logLines.push(JSON.parse(line));
      } catch {
        logLines.push({ msg: line });
      }
    }
  });
  server.stderr?.on('data', (chunk: Buffer) => logLines.push({ msg: chunk.toString() }));
  await until(
    'two server processes',
    () => (logLines.some((line) => line.msg?.includes('with 2 server processes')) ? true : undefined),
    110_000,
  );
});

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  await rm(join(SERVER_DIR, `dist-${BUILD}`), { recursive: true, force: true });
});

describe('WEB_CONCURRENCY=2', () => {
  it('answers on one port from two worker processes, replaces one that dies, and stops them all on SIGTERM', async () => {
    const from = logLines.length;
    const pids = await until('answers from two processes', async () => {
      expect(await health()).toBe(200);
      const seen = answeringPids(from);
      return seen.size >= 2 ? seen : undefined;
    });
    expect(pids.size).toBe(2);
    expect(pids.has(server.pid ?? 0)).toBe(false);

    // A worker killed outright is replaced by a new one, and the port never stops answering.
    const [victim] = [...pids];
    process.kill(victim as number, 'SIGKILL');
    const afterKill = logLines.length;
    const replaced = await until('a replacement worker', async () => {
      expect(await health()).toBe(200);
      const seen = answeringPids(afterKill);
      const fresh = [...seen].filter((pid) => !pids.has(pid));
      return fresh.length > 0 ? fresh : undefined;
    });
    expect(replaced).toHaveLength(1);

    const exited = new Promise<number | null>((done) => server.once('exit', (code) => done(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of [...answeringPids(from)]) {
      expect(() => process.kill(pid, 0)).toThrow();
    }
    // A busy machine (other test files alongside) slows each process's start.
  }, 60_000);
});
