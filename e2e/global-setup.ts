import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';

/**
 * Starts what a person would meet: the built Oja server, on a fresh data
 * directory with its own embedded PostgreSQL, sending its mail to an SMTP sink
 * in this process. Each mail lands as a JSON file that the tests read (their
 * workers are other processes). Run `npm run build` first.
 */
export default async function globalSetup() {
  const root = await mkdtemp(join(tmpdir(), 'oja-e2e-'));
  // The embedded PostgreSQL runs as another user when we are root: it must be able to enter.
  await chmod(root, 0o755);
  const mailDir = join(root, 'mail');
  await mkdir(mailDir);
  let count = 0;
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        const raw = Buffer.concat(chunks).toString('utf8');
        const file = join(mailDir, `${Date.now()}-${String(++count).padStart(5, '0')}.json`);
        // Written whole under another name, then renamed: a test reading the directory meanwhile (another
        // process) never meets a file half written, which it would read as broken JSON.
        writeFile(`${file}.part`, JSON.stringify({ to, raw }))
          .then(() => rename(`${file}.part`, file))
          .then(() => callback(), callback);
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((done) => sink.listen(smtpPort, '127.0.0.1', done));

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dist = process.env.OJA_BUILD ? `dist-${process.env.OJA_BUILD}` : 'dist';
  const server: ChildProcess = spawn(
    process.execPath,
    [resolve(import.meta.dirname, `../apps/server/${dist}/main.js`)],
    {
      env: {
        ...process.env,
        WEB_DIST_DIR: resolve(import.meta.dirname, `../apps/web/${dist}`),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(root, 'data'),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'Oja <no-reply@oja.test>',
        LOG_LEVEL: 'warn',
        // Tests speak for many people on many networks: see ownNetwork() in helpers/api.ts.
        TRUST_PROXY: 'true',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise((done) => server.once('exit', done));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The Oja server exited (${server.exitCode}) before it was ready.`);
    const ready = await fetch(`${baseUrl}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error('The Oja server did not become ready within 90 s.');
    await sleep(250);
  }

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;

  return async () => {
    server.kill('SIGTERM');
    await Promise.race([exited, sleep(20_000)]);
    await new Promise<void>((done) => sink.close(() => done()));
    await rm(root, { recursive: true, force: true });
  };
}

function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? done(address.port) : reject(new Error('no port'))));
    });
  });
}
