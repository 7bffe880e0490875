/**
 * Issue 14's targets judged on load bench results already written (src/targets.ts):
 *   npm run -s bench:judge -w bench -- results/latest.json [more.json …]
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type TargetRow, verdictLines, verdicts } from './targets';

for (const file of process.argv.slice(2)) {
  const run = JSON.parse(await readFile(resolve(file), 'utf8')) as {
    hostSpeedMs?: number;
    hostSpeedAfterMs?: number;
    stolenCpuShare?: number;
    peakRssMb?: number;
    secondStartSeconds?: number;
    rows: TargetRow[];
  };
  const after = run.hostSpeedAfterMs === undefined ? '' : `, ${run.hostSpeedAfterMs} ms after`;
  const stolen =
    run.stolenCpuShare === undefined ? '' : `; ${(run.stolenCpuShare * 100).toFixed(1)}% of the CPU stolen`;
  process.stdout.write(`${file} (host speed ${run.hostSpeedMs ?? '?'} ms${after}${stolen})\n`);
  process.stdout.write(
    verdictLines(verdicts(run.rows, { peakRssMb: run.peakRssMb, secondStartSeconds: run.secondStartSeconds })),
  );
}
