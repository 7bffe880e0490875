import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type Secrets = {
  /** Signs access tokens and keys the hashes of one-time codes. */
  tokenSecret: string;
  /** Password of the embedded PostgreSQL superuser. */
  databasePassword: string;
};

/**
 * Secrets come from the environment when given; otherwise they are generated
 * once and kept (mode 0600) under the data directory, so restarts keep sessions
 * valid. Several servers sharing one database must share TOKEN_SECRET.
 */
export function loadSecrets(dataDir: string, tokenSecretFromEnv: string | undefined): Secrets {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  try {
    stored = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secrets: Secrets = {
    tokenSecret: stored.tokenSecret ?? randomBytes(32).toString('base64url'),
    databasePassword: stored.databasePassword ?? randomBytes(24).toString('base64url'),
  };
  if (stored.tokenSecret !== secrets.tokenSecret || stored.databasePassword !== secrets.databasePassword) {
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  }
  if (tokenSecretFromEnv) {
    if (tokenSecretFromEnv.length < 32) throw new Error('TOKEN_SECRET must be at least 32 characters long.');
    return { ...secrets, tokenSecret: tokenSecretFromEnv };
  }
  return secrets;
}
