import { resolve } from 'node:path';
import { loadConfig } from '../platform/config';
import { writeBackup } from './backup';
import { openOjaDatabase } from './database';
import { restoreBackup } from './restore';

/**
 * `npm run backup [FILE]` and `npm run restore FILE`, on the database the server of the same
 * environment uses (DATABASE_URL, or the embedded one of DATA_DIR, running or not).
 */
export async function runOps(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  say: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<void> {
  const [command, file] = args;
  const config = loadConfig(env);
  const log = { info: say, warn: (m: string) => console.warn(m), debug: () => {} };
  if (command === 'backup') {
    const target = resolve(file ?? `backups/oja-${new Date().toISOString().replace(/[:.]/g, '-')}.backup.gz`);
    const database = await openOjaDatabase(config, { log, mustExist: true });
    try {
      say(`Backing up ${database.where}…`);
      const summary = await writeBackup(database.url, target);
      const rows = Object.values(summary.rows).reduce((sum, count) => sum + count, 0);
      say(
        `Backup written to ${summary.file}: ${rows} rows of ${Object.keys(summary.rows).length} tables, ${summary.bytes} bytes.`,
      );
    } finally {
      await database.close();
    }
    return;
  }
  if (command === 'restore' && file) {
    const database = await openOjaDatabase(config, { log, mustExist: false });
    try {
      say(`Restoring ${resolve(file)} into ${database.where}…`);
      const summary = await restoreBackup(database.url, resolve(file));
      const rows = Object.values(summary.rows).reduce((sum, count) => sum + count, 0);
      say(`Restored ${rows} rows of ${Object.keys(summary.rows).length} tables.`);
    } finally {
      await database.close();
    }
    return;
  }
  throw new Error('Usage: npm run backup [FILE]  |  npm run restore FILE');
}
