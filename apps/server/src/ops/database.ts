import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { embeddedUrl, startEmbeddedPostgres } from '../db/embedded';
import { CLUSTER_POINTER } from '../db/embedded-as-root';
import type { Config } from '../platform/config';
import { loadSecrets } from '../platform/secrets';

type Logger = { info(msg: string): void; warn(msg: string): void; debug(msg: string): void };

export type OjaDatabase = { url: string; where: string; close(): Promise<void> };

/**
 * The database the server of this configuration uses, reached the way the server reaches it:
 * DATABASE_URL when given; otherwise the embedded cluster of DATA_DIR, with the password the server
 * keeps there. A running server's cluster is used where it runs (its port is in PostgreSQL's own
 * postmaster.pid), so that a backup needs no downtime; when none runs, the cluster is started here
 * (holding DATA_DIR's lock, so no server starts on it meanwhile) and stopped afterwards.
 */
export async function openOjaDatabase(
  config: Config,
  options: { log: Logger; mustExist: boolean },
): Promise<OjaDatabase> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, where: 'DATABASE_URL', close: async () => {} };
  }
  const { dataDir } = config;
  if (options.mustExist && !existsSync(join(dataDir, 'secrets.json'))) {
    throw new Error(`There is no Oja data in ${dataDir} (set DATA_DIR, or DATABASE_URL, to the server's).`);
  }
  const { databasePassword } = loadSecrets(dataDir, undefined);
  const port = runningPort(clusterDirOf(dataDir));
  if (port !== undefined) {
    return {
      url: embeddedUrl({ password: databasePassword, port, database: 'oja' }),
      where: `the running database of ${dataDir} (port ${port})`,
      close: async () => {},
    };
  }
  const embedded = await startEmbeddedPostgres({ dataDir, password: databasePassword, log: options.log });
  return { url: embedded.url, where: `the database of ${dataDir}`, close: () => embedded.stop() };
}

function clusterDirOf(dataDir: string): string {
  const pointer = join(dataDir, CLUSTER_POINTER);
  const moved = existsSync(pointer) ? readFileSync(pointer, 'utf8').trim() : '';
  return moved || join(dataDir, 'postgres');
}

/** The port of the postmaster running on clusterDir, if one runs: postmaster.pid's lines 1 and 4. */
function runningPort(clusterDir: string): number | undefined {
  let lines: string[];
  try {
    lines = readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  return port;
}
