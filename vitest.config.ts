import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Unit and API integration tests of every workspace; Playwright's end-to-end tests run apart (npm run test:e2e). */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    /**
     * At least two test files at once, where Vitest's own default is one fewer than the cores: one on a 2-core
     * machine. The server's files spend much of their time waiting on their PostgreSQL, which a second file fills:
     * on 2 cores, two at once took little more than half the time of one at a time, and three no less than two.
     */
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
