import { runOps } from './commands';

// The entry of `npm run backup` and `npm run restore` (see commands.ts).
runOps(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
