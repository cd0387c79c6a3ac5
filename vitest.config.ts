import { defineConfig } from 'vitest/config';

// Three tiers: unit (pure), server (Fastify inject on a real database), browser (Chromium against a
// real server and the built app). Browser tests run one file at a time: 2 cores. The groups run in
// order (unit, server, browser) so the tiers do not compete for the cores.
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
                'tests/server/online-form-cluster.test.ts',
              ],
          environment: 'node',
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
