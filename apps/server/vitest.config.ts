import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Each file still has its own app and database (test/app.ts); what it no longer has is its own copy of every
    // module, evaluated anew for each of the ~100 files (drizzle's schema, the contract's zod schemas, Fastify):
    // 2026-11-28, 2-core machine: the unit and API tests (all projects) 377 → 225 s, their import 197 → 22 s.
    isolate: false,
  },
});
