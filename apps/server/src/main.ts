import pino from 'pino';
import { buildApp } from './app';
import { connect } from './db/client';
import { DataDirInUseError, type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded';
import { migrateDatabase } from './db/migrate';
import { loadConfig } from './platform/config';
import { createMailer } from './platform/mail';
import { loadSecrets } from './platform/secrets';
import { createTokenService } from './platform/tokens';

/**
 * Starts Oja: the database (its own embedded PostgreSQL unless DATABASE_URL is
 * given), the migrations, then the HTTP server; and stops them in the reverse
 * order on SIGINT or SIGTERM.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  });
  const secrets = loadSecrets(config.dataDir, config.tokenSecret);

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
  const app = await buildApp({
    deps: {
      db: database.db,
      config,
      mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log }),
      tokens: createTokenService(secrets.tokenSecret),
      log,
    },
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: stopping`);
    try {
      await app.close();
      await database.close();
      await embedded?.stop();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'stopping failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await migrateDatabase(database.pool);
    await app.listen({ port: config.port, host: config.host });
    log.info(`Oja is ready on http://localhost:${config.port} (API docs at /api/docs)`);
  } catch (error) {
    log.error({ err: error }, 'start-up failed');
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error('Oja could not start:', error);
  }
  process.exit(1);
});
