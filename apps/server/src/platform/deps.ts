import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Config } from './config';
import type { Mailer } from './mail';
import type { TokenService } from './tokens';

/** What the use cases need from the outside world, built once at start-up and passed down explicitly. */
export type Deps = {
  db: Db;
  config: Config;
  mailer: Mailer;
  tokens: TokenService;
  log: FastifyBaseLogger;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
