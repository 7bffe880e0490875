import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../src/db/embedded';
import { CLUSTER_POINTER, packageBinaries } from '../../src/db/embedded-as-root';

const isRoot = process.getuid?.() === 0;
if (!isRoot) console.warn('embedded-as-root.test.ts skipped: only root runs PostgreSQL as another user.');

async function selectOne(db: EmbeddedDatabase): Promise<number> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query<{ one: number }>('select 1 as one')).rows[0]?.one ?? 0;
  } finally {
    await client.end();
  }
}

describe.skipIf(!isRoot)('the embedded PostgreSQL, started by root from a closed directory', () => {
  let work: string;
  let closed: string;
  let runtimeDir: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'oja-as-root-'));
    await chmod(work, 0o755);
    // Like /root/oja: a folder only root may enter, holding the project (its node_modules) and DATA_DIR.
    closed = join(work, 'closed');
    await mkdir(closed, { mode: 0o700 });
    await chmod(closed, 0o700);
    runtimeDir = join(work, 'runtime');
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('runs a copy of the programs on a cluster placed where the postgres user can reach, and reuses both', async () => {
    const source = packageBinaries();
    const binaries = { dir: join(closed, 'node_modules', 'native'), version: source.version };
    await cp(source.dir, binaries.dir, { recursive: true, verbatimSymlinks: true });
    const dataDir = join(closed, 'data');
    const logs: string[] = [];
    const log = { info: (m: string) => logs.push(m), warn: (m: string) => logs.push(m), debug: () => {} };
    const start = () => startEmbeddedPostgres({ dataDir, password: 'test', log, binaries, runtimeDir });

    const first = await start();
    try {
      expect(await selectOne(first)).toBe(1);
      expect(first.clusterDir.startsWith(join(runtimeDir, 'data-'))).toBe(true);
      expect((await readFile(join(dataDir, CLUSTER_POINTER), 'utf8')).trim()).toBe(first.clusterDir);
      expect(logs.join('\n')).toContain(`cannot enter ${closed}: the database cluster of ${dataDir} lives in`);
      expect(logs.join('\n')).toContain(`running the copy in ${join(runtimeDir, `pg-${source.version}`)}`);
      // The lock that keeps one server per data directory stays in DATA_DIR.
      expect((await readFile(join(dataDir, 'oja.pid'), 'utf8')).trim()).toBe(String(process.pid));
    } finally {
      await first.stop();
    }

    logs.length = 0;
    const second = await start();
    try {
      expect(second.clusterDir).toBe(first.clusterDir);
      expect(await selectOne(second)).toBe(1);
      expect(logs.join('\n')).not.toContain('Creating the database cluster');
    } finally {
      await second.stop();
    }
    expect((await readdir(runtimeDir)).sort()).toEqual([
      first.clusterDir.slice(runtimeDir.length + 1),
      `pg-${source.version}`,
    ]);
  });

  it('moves the cluster of a DATA_DIR in a closed folder, whichever programs run it', async () => {
    const dataDir = join(closed, 'data-only');
    const log = { info: () => {}, warn: () => {}, debug: () => {} };
    const db = await startEmbeddedPostgres({ dataDir, password: 'test', log, runtimeDir });
    try {
      expect(db.clusterDir.startsWith(join(runtimeDir, 'data-'))).toBe(true);
      expect(await selectOne(db)).toBe(1);
    } finally {
      await db.stop();
    }
  });

  it('says what to do when there is nowhere the postgres user can reach', async () => {
    const log = { info: () => {}, warn: () => {}, debug: () => {} };
    const start = startEmbeddedPostgres({
      dataDir: join(closed, 'nowhere'),
      password: 'test',
      log,
      runtimeDir: join(closed, 'runtime'),
    });
    await expect(start).rejects.toThrow(`(${closed} is closed to it). Allow entry with: chmod o+x ${closed}`);
  });
});
