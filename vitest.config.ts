import { defineConfig } from 'vitest/config';

/**
 * One config, five projects:
 * - unit:  *.test.ts beside the code, no services
 * - int:   *.int.test.ts against the local stand-ins (started once per run, in memory, free ports)
 * - bundles: every Lambda bundled as CDK does, held to issue 15's size budgets
 * - infra: CDK assertion tests (bundling skipped)
 * - e2e:   *.e2e.test.ts, the whole product in headless Debian chromium via playwright-core
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'shared/src/**/*.test.ts',
            'functions/src/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
          ],
          exclude: [
            '**/*.int.test.ts',
            '**/*.e2e.test.ts',
            '**/node_modules/**',
            'scripts/test/bundle-budgets.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'bundles',
          environment: 'node',
          include: ['scripts/test/bundle-budgets.test.ts'],
        },
      },
      {
        test: {
          name: 'int',
          environment: 'node',
          include: ['functions/src/**/*.int.test.ts', 'scripts/**/*.int.test.ts'],
          globalSetup: ['scripts/test/global-setup-int.ts'],
          setupFiles: ['scripts/test/setup-local-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'infra',
          environment: 'node',
          include: ['infra/test/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['web/e2e/**/*.e2e.test.ts'],
          globalSetup: ['scripts/test/global-setup-e2e.ts'],
          setupFiles: ['scripts/test/setup-local-env.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
