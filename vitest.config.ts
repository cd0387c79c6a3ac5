import { defineConfig } from 'vitest/config';

// Three tiers: unit (pure), server (Fastify inject on a real database), browser (Chromium against a
// real server and the built app). Browser files run two at a time (each with its own server and
// database, both on the run's one Chromium): most of a browser test is waiting for the page, so two
// keep the 2 cores busy. The groups run in order (unit, server, browser) so the tiers do not compete.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          sequence: { groupOrder: 1 },
          include: ['tests/server/**/*.test.ts'],
          // PostgreSQL-only files (two instances on one database, the pool's resilience): only when the
          // suite runs on PostgreSQL (CI runs it there), rather than skipped tests on the embedded one.
          exclude: process.env.TEST_DATABASE_URL
            ? []
            : [
                'tests/server/notice-cluster.test.ts',
                'tests/server/jobs-cluster.test.ts',
                'tests/server/grid-sync-cluster.test.ts',
                'tests/server/db-postgres.test.ts',
                'tests/server/report-timeout-pg.test.ts',
                'tests/server/report-source-pg.test.ts',
                'tests/server/report-role-pg.test.ts',
                'tests/server/online-form-cluster.test.ts',
                'tests/server/cluster-load.test.ts',
                'tests/server/workflow-kill.test.ts',
                'tests/server/pg-restart.test.ts',
                'tests/server/pg-standby.test.ts',
                'tests/server/import-kill.test.ts',
                'tests/server/state-cluster.test.ts',
              ],
          environment: 'node',
          // One module graph per worker, not per file: every file builds its own app on its own copy
          // of the database, and the server keeps no state across apps outside WeakMaps keyed by
          // them, so sharing the loaded modules is safe - and saves loading the whole server ~155
          // times (the tier took 730 s instead of ~1,300 s on a 2-core machine, docs/BENCHMARKS.md).
          isolate: false,
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'browser',
          sequence: { groupOrder: 2 },
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          // As the server tier: each file starts its own server on its own database copy, and the
          // modules (the whole server, Playwright) load once per worker instead of ~13 s per file.
          isolate: false,
          globalSetup: ['tests/browser/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          // What a page shows after a request or a lazy chunk, under two files at once: 1 s (the
          // default) is too short for a busy machine, and a state that does come is what is asserted.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
