import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import {
  ACCOUNT_ENDPOINTS,
  API_PREFIX,
  type Endpoint,
  type EndpointData,
  type EndpointInput,
  requestOf,
  STOCK_ENDPOINTS,
} from '@oja/contract';
import { DEMO_PASSWORD, DEMO_PEOPLE } from '@oja/server/bench-web';

/** The production server and a signed-in CEO of it, for the web benches (bench-web.ts, long-tasks.ts). */

export const ROOT = resolve(import.meta.dirname, '../../..');
const PASSWORD = 'bench-web-pass-1';
/** OJA_BUILD=name builds into dist-name (both apps), so that a run does not share a build with parallel work. */
const DIST = process.env.OJA_BUILD ? `dist-${process.env.OJA_BUILD}` : 'dist';

export type Server = { url: string; child: ChildProcess; log: string[] };

export function run(command: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/** The production server of build `dist` as `npm start` runs it, on an empty data directory of its own. */
export async function startServer(dataDir: string, dist = DIST): Promise<Server> {
  const port = await freePort();
  const log: string[] = [];
  const child = spawn(process.execPath, [join(ROOT, 'apps/server', dist, 'main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: join(ROOT, 'apps/web', dist),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((done, fail) => {
    child.on('exit', (code) => fail(new Error(`The server exited with ${code} while starting:\n${log.join('\n')}`)));
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        log.push(line);
        if (line.includes('Oja is ready')) done();
      }
    });
  });
  return { url: `http://127.0.0.1:${port}`, child, log };
}

async function call<E extends Endpoint>(server: Server, entry: E, input: EndpointInput<E>, token?: string) {
  const request = requestOf(entry, input);
  const query = new URLSearchParams(request.query).toString();
  const answer = await fetch(`${server.url}${API_PREFIX}${request.path}${query ? `?${query}` : ''}`, {
    method: request.method,
    headers: {
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  const body = (await answer.json()) as { response_data: EndpointData<E>; response_description: string };
  if (!answer.ok) throw new Error(`${entry.path} answered ${answer.status}: ${body.response_description}`);
  return { data: body.response_data, cookies: answer.headers.getSetCookie() };
}

/**
 * The demo business's CEO (a fresh server creates the demo shop), or BENCH_WEB_LOGIN=user:password;
 * without either, a CEO with a business and a page of products made through the API (the activation
 * code read from the server's log, where mail goes without SMTP_URL). Answers the Cookie header of a
 * browser logged in as them, and their business.
 */
export async function logIn(server: Server): Promise<{ cookie: string; slug: string; who: string }> {
  const given = process.env.BENCH_WEB_LOGIN?.split(/:(.*)/s);
  const demoCeo = DEMO_PEOPLE.find((person) => person.key === 'ceo');
  const candidates = given ? [given] : demoCeo ? [[demoCeo.username, DEMO_PASSWORD]] : [];
  for (const [identifier = '', password = ''] of candidates) {
    const login = await call(server, ACCOUNT_ENDPOINTS.login, { email_or_username: identifier, password }).catch(
      (error: Error) => {
        if (given) throw error;
        return undefined;
      },
    );
    const slug = login?.data.user.business?.slug;
    if (login && slug) return { cookie: cookieOf(login.cookies), slug, who: identifier };
  }
  const email = `bench-web-${Date.now()}@example.com`;
  await call(server, ACCOUNT_ENDPOINTS.register, {
    first_name: 'Ada',
    last_name: 'Obi',
    email,
    password: PASSWORD,
    business: { name: 'Ada Provisions', business_email: `shop-${Date.now()}@example.com`, about: 'Food and drinks' },
  });
  const mail = server.log.find((line) => line.includes(email) && line.includes('Mail (not sent'));
  const code = mail?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('No activation code in the server log.');
  const activated = await call(server, ACCOUNT_ENDPOINTS.activate, { email, code });
  if (!('user' in activated.data) || !activated.data.user.business) throw new Error('The new CEO has no business.');
  const { access_token } = activated.data;
  const business = activated.data.user.business;
  for (let index = 1; index <= 30; index++) {
    await call(
      server,
      STOCK_ENDPOINTS.createProduct,
      {
        business_id: business.id,
        product_name: `Peak Milk ${index} tin`,
        cost_price: '180.00',
        selling_price: '250.00',
        currency: 'NGN',
        batches: [{ batch_number: `B-${index}`, quantity: 10 + index, expiration_date: null }],
      },
      access_token,
    );
  }
  const login = await call(server, ACCOUNT_ENDPOINTS.login, { email_or_username: email, password: PASSWORD });
  return { cookie: cookieOf(login.cookies), slug: business.slug, who: `${email} (made by the bench)` };
}

/** The Cookie header a browser sends back after these Set-Cookie headers. */
const cookieOf = (setCookies: string[]) => setCookies.map((header) => header.split(';')[0]).join('; ');
