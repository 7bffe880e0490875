import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { buildApp } from './app';
import { connect } from './db/client';
import { DataDirInUseError, type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded';
import { migrateDatabase } from './db/migrate';
import { createDemoShopIfEmpty, demoShopLogLine } from './demo/demo-shop';
import { type Config, loadConfig } from './platform/config';
import { createLogger } from './platform/log';
import { createMailer } from './platform/mail';
import { loadSecrets, type Secrets } from './platform/secrets';
import { createTokenService } from './platform/tokens';

/** How long a stopping worker may take to finish its requests in flight before it is killed. */
const WORKER_STOP_MS = 10_000;
/** A worker that dies is started again after this pause, so a crash loop does not spin the CPU. */
const RESTART_DELAY_MS = 1_000;

/**
 * Starts Oja: the database (its own embedded PostgreSQL unless DATABASE_URL is
 * given), the migrations, then the HTTP server; and stops them in the reverse
 * order on SIGINT or SIGTERM. With WEB_CONCURRENCY=N above 1, this process
 * does the database part once, then N worker processes (node:cluster) serve
 * the port together: the server keeps no state of its own between requests,
 * so any worker can answer any request (docs/adr, growing past one machine).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const secrets = loadSecrets(config.dataDir, config.tokenSecret);
  if (cluster.isWorker) return serveAsWorker(config, secrets, log);
  // The start script's glibc setting is for node's processes (package.json's start: blocks of 1 MiB or more
  // given back when freed, for the server's peak RSS); PostgreSQL, spawned with this process's environment,
  // would mmap and unmap its sorts' and hashes' memory on every query, which costs the overview CPU.
  const mallocThreshold = process.env.MALLOC_MMAP_THRESHOLD_;
  delete process.env.MALLOC_MMAP_THRESHOLD_;

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      password: secrets.databasePassword,
      log: { info: (m) => log.info(m), warn: (m) => log.warn(m), debug: (m) => log.debug(m) },
    });
    databaseUrl = embedded.url;
  }

  const database = connect(databaseUrl, { max: config.dbPoolSize });
  const inCluster = config.webConcurrency > 1;
  const app = inCluster ? undefined : await buildServer(config, secrets, log, database.db);

  let stopping = false;
  const workers = new Set<Worker>();
  const stop = async (signal: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: stopping`);
    try {
      await app?.close();
      await stopWorkers(workers, log);
      await database.close();
      await embedded?.stop();
      process.exit(code);
    } catch (error) {
      log.error({ err: error }, 'stopping failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    // Once, here, before any worker starts: workers never migrate.
    await migrateDatabase(database.pool);
    // Also once, before any worker starts: a first start on an empty database gets the demo shop.
    await createDemoShop(config, secrets, log, database.db);
    if (app) {
      await app.listen({ port: config.port, host: config.host });
      log.info(`Oja is ready on http://localhost:${config.port} (API docs at /api/docs)`);
      return;
    }
  } catch (error) {
    log.error({ err: error }, 'start-up failed');
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    process.exit(1);
  }

  // The workers reach the database by URL: the embedded one's, or DATABASE_URL as given.
  const fork = () => {
    const worker = cluster.fork({
      DATABASE_URL: databaseUrl,
      ...(mallocThreshold === undefined ? {} : { MALLOC_MMAP_THRESHOLD_: mallocThreshold }),
    });
    workers.add(worker);
    return worker;
  };
  let listening = 0;
  cluster.on('listening', (worker) => {
    (worker as Worker & { listened?: boolean }).listened = true;
    if (++listening === config.webConcurrency) {
      log.info(
        `Oja is ready on http://localhost:${config.port} with ${config.webConcurrency} server processes (API docs at /api/docs)`,
      );
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    workers.delete(worker);
    if (stopping) return;
    if (!(worker as Worker & { listened?: boolean }).listened) {
      // It never served: the port is taken or the configuration is wrong, and another would fail the same way.
      log.error(`server process ${worker.process.pid} failed to start (exit ${code ?? signal}): stopping`);
      void stop('start-up failure', 1);
      return;
    }
    log.warn(`server process ${worker.process.pid} died (exit ${code ?? signal}): starting another`);
    // Not unref'd: with every worker dead, this timer is what keeps the primary alive to start them again.
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS);
  });
  for (let index = 0; index < config.webConcurrency; index++) fork();
}

async function buildServer(config: Config, secrets: Secrets, log: Logger, db: ReturnType<typeof connect>['db']) {
  return buildApp({
    deps: {
      db,
      config,
      mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log }),
      tokens: createTokenService(secrets.tokenSecret),
      log,
    },
  });
}

/** The demo shop (src/demo) on an empty database; a failure is logged and the server starts without it. */
async function createDemoShop(config: Config, secrets: Secrets, log: Logger, db: ReturnType<typeof connect>['db']) {
  try {
    const outcome = await createDemoShopIfEmpty({
      db,
      config,
      mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log }),
      tokens: createTokenService(secrets.tokenSecret),
      log,
    });
    if (outcome.created) log.info(demoShopLogLine(outcome, config.port));
  } catch (error) {
    log.error({ err: error }, 'the demo shop could not be created');
  }
}

/** One of the cluster's server processes: the database is already running and migrated. */
async function serveAsWorker(config: Config, secrets: Secrets, log: Logger): Promise<void> {
  if (!config.databaseUrl) throw new Error('A server process needs the DATABASE_URL its primary gives it.');
  // Each process has a pool of its own: WEB_CONCURRENCY × DB_POOL_SIZE connections in all.
  const database = connect(config.databaseUrl, { max: config.dbPoolSize });
  const app = await buildServer(config, secrets, log, database.db);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'stopping failed');
      process.exit(1);
    }
  };
  // The primary sends SIGTERM; Ctrl-C in a terminal sends SIGINT to the whole process group.
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  await app.listen({ port: config.port, host: config.host });
}

/** Asks every worker to finish its requests and exit, and kills those that take too long. */
async function stopWorkers(workers: Set<Worker>, log: Logger): Promise<void> {
  await Promise.all(
    [...workers].map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          const timer = setTimeout(() => {
            log.warn(`server process ${worker.process.pid} did not stop in time: killing it`);
            worker.process.kill('SIGKILL');
          }, WORKER_STOP_MS);
          worker.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          worker.process.kill('SIGTERM');
        }),
    ),
  );
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error('Oja could not start:', error);
  }
  process.exit(1);
});
