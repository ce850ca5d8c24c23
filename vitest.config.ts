import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'apps/web/app/**/*.test.ts',
            'apps/admin/**/*.test.ts',
          ],
          setupFiles: ['./scripts/vitest-fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/api/test/**/*.test.ts'],
          globalSetup: ['./apps/api/test/global-setup.ts'],
          setupFiles: ['./scripts/vitest-fail-on-console-error.ts'],
          fileParallelism: false,
          testTimeout: 20000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
