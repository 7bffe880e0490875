import { defineConfig } from 'vitest/config';

/** Unit and API integration tests of every workspace; Playwright's end-to-end tests run apart (npm run test:e2e). */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
