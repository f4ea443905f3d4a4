import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests import workspace packages from source, so they need no build step.
const pkg = (name: string) => fileURLToPath(new URL(`./packages/${name}/src/index.ts`, import.meta.url));
const alias = {
  '@atlas/domain': pkg('domain'),
  '@atlas/routes': pkg('routes'),
  '@atlas/client': pkg('client'),
  '@atlas/pipeline': pkg('pipeline'),
  '@atlas/analytics': pkg('analytics'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default on two cores is one worker (cores − 1): the suite ran file after file while most files wait on
    // I/O, PGlite or a browser. Files share nothing (own stores, schemas, folders, ports), so two run at once.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          globalSetup: ['apps/server/src/test-support/pglite-snapshots.ts'],
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'browser',
          globalSetup: ['apps/web/e2e/support/data-template.ts'],
          include: ['apps/web/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
