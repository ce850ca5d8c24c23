import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default leaves one core idle; on two cores that is one worker. Tests wait on PostgreSQL
    // as much as they compute, so one worker per core keeps both busy. Each integration worker has a
    // database of its own (apps/api/test/global-setup.ts).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
          setupFiles: ['./scripts/vitest-fail-on-console-error.ts'],
          // Pure rules and the API's units mock no modules: a worker's files share their imports,
          // which saves re-importing the same modules for each of some two hundred files.
          isolate: false,
        },
      },
      {
        test: {
          // The shop's and back office's tests mock modules (vi.mock), so each file keeps its own imports.
          name: 'unit-apps',
          include: ['apps/web/app/**/*.test.ts', 'apps/admin/**/*.test.ts'],
          setupFiles: ['./scripts/vitest-fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/api/test/**/*.test.ts'],
          globalSetup: ['./apps/api/test/global-setup.ts'],
          setupFiles: ['./scripts/vitest-fail-on-console-error.ts'],
          testTimeout: 20000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
