import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Tests import workspace packages from source, so they need no build step.
const pkg = (name: string) => fileURLToPath(new URL(`./packages/${name}/src/index.ts`, import.meta.url));
const alias = {
  '@atlas/domain': pkg('domain'),
  '@atlas/routes': pkg('routes'),
  '@atlas/client': pkg('client'),
  '@atlas/pipeline': pkg('pipeline'),
  '@atlas/analytics': pkg('analytics'),
};

/**
 * Unit files that take minutes (docs/testing.md), started first. Without a results cache (a fresh clone, CI) Vitest
 * starts larger files first, and these are short files: started last, one of them kept a worker busy for minutes
 * after the other had nothing left to run.
 */
const SLOW_FILES = ['apps/server/src/modules/analytics/append.test.ts', 'apps/server/src/security/matrix.test.ts'];

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const slow = (file: TestSpecification) => SLOW_FILES.some((path) => file.moduleId.endsWith(path));
    // Each project's files stay together, in Vitest's order, its slow ones moved to the front.
    const byProject = new Map<string, TestSpecification[]>();
    for (const file of await super.sort(files)) byProject.set(file.project.name, [...(byProject.get(file.project.name) ?? []), file]);
    return [...byProject.values()].flatMap((list) => [...list.filter(slow), ...list.filter((file) => !slow(file))]);
  }
}

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default on two cores is one worker (cores − 1): the suite ran file after file while most files wait on
    // I/O, PGlite or a browser. Files share nothing (own stores, schemas, folders, ports), so two run at once.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
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
