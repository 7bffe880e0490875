import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type EmbeddedDatabase, socketDirFor, startEmbeddedPostgres } from '../../src/db/embedded';

/** The server's address on a TCP connection; null on a Unix socket's. */
async function serverAddress(db: EmbeddedDatabase): Promise<string | null> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ address: string | null }>('select inet_server_addr() as address');
    return rows[0]?.address ?? null;
  } finally {
    await client.end();
  }
}

describe("the embedded PostgreSQL's Unix socket", () => {
  it("lives in the cluster's own directory", () => {
    expect(socketDirFor('/home/ada/oja/data/postgres', 41709)).toBe('/home/ada/oja/data/postgres');
  });

  it('is left out, for TCP alone, when its path would pass the kernel’s 107 bytes', () => {
    // "/.s.PGSQL.41709" is 15 bytes: a directory of 92 bytes is the longest that fits.
    const fits = `/${'d'.repeat(91)}`;
    expect(socketDirFor(fits, 41709)).toBe(fits);
    expect(socketDirFor(`${fits}x`, 41709)).toBeUndefined();
    // Bytes, not characters: "é" is two.
    expect(socketDirFor(`/${'d'.repeat(90)}é`, 41709)).toBeUndefined();
  });

  it("is left out when PostgreSQL's list of socket directories would split or unquote the path", () => {
    for (const dir of ['/data/shop,2/postgres', '/data/"shop"/postgres', '/data/shop\\2/postgres', '/data/postgres ']) {
      expect(socketDirFor(dir, 41709)).toBeUndefined();
    }
    expect(socketDirFor('/data/my shop/postgres', 41709)).toBe('/data/my shop/postgres');
  });

  it('is used when it can be, and the cluster still starts, on TCP, when it cannot be made', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'oja-socket-'));
    const warnings: string[] = [];
    const log = { info: () => {}, debug: () => {}, warn: (message: string) => warnings.push(message) };
    const clusterDirs = new Set<string>();
    try {
      const first = await startEmbeddedPostgres({ dataDir, password: 'test', log });
      clusterDirs.add(first.clusterDir);
      const port = Number(new URL(first.url).port);
      try {
        expect(await serverAddress(first)).toBeNull();
      } finally {
        await first.stop();
      }
      // Something in the socket's place (as a file system without Unix sockets would refuse it): PostgreSQL
      // can create no socket, and would not start at all with it.
      await mkdir(join(first.clusterDir, `.s.PGSQL.${port}`));
      const second = await startEmbeddedPostgres({ dataDir, password: 'test', log, port });
      clusterDirs.add(second.clusterDir);
      try {
        expect(new URL(second.url).searchParams.has('host')).toBe(false);
        expect(await serverAddress(second)).toBe('127.0.0.1');
        expect(warnings.some((warning) => warning.includes('starting it on TCP alone'))).toBe(true);
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      // As root the cluster may live outside the data directory (see db/embedded-as-root.ts).
      for (const dir of clusterDirs) await rm(dir, { recursive: true, force: true });
    }
  });
});
