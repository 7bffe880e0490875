import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Unit and API integration tests of every workspace; Playwright's end-to-end tests run apart (npm run test:e2e). */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    /**
     * At least two test files at once, where Vitest's own default is one fewer than the cores: one on a 2-core
     * machine. The server's files spend much of their time waiting on their PostgreSQL, which a second file fills.
     * The server's 88 files on a 2-core machine of host speed 146-169 ms (2026-11-26): 355 s with one at a time,
     * 199 s with two, 204 s with three.
     */
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
