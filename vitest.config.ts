import { defineConfig } from 'vitest/config'
import LongestFirstSequencer from './tests/support/longest-first.ts'

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // PGlite instances are heavy; files run in a few forks. Three on two cores: most files spend
    // much of their time waiting on servers they start (decision 261).
    pool: 'forks',
    maxWorkers: 3,
    // Longest files first across the projects, so waiting files overlap working ones (decision 170).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/backend/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // One production build shared by every integration test (tests/integration/build.ts).
          globalSetup: ['tests/integration/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['tests/postgres/**/*.test.ts'],
          // One real PostgreSQL 17 server for these files; each makes its own databases on it
          // (tests/support/test-database.ts).
          // The build too: tests/postgres/two-instances.test.ts runs the production server.
          globalSetup: ['tests/support/postgres-server.ts', 'tests/integration/global-setup.ts'],
        },
      },
      // The backend contract against a real Supabase, only when one is configured (docs/supabase.md).
      ...(process.env.SUPABASE_TEST_URL
        ? [{ extends: true, test: { name: 'supabase-live', include: ['tests/backend/**/*.live-test.ts'] } }]
        : []),
    ],
  },
})
