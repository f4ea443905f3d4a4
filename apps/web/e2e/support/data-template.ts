// Vitest global setup of the browser project: one first start of the server prepares the data directory (metadata
// store, demo organization, demo panel and rollups) that each test file's server starts from a copy of (server.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eDataTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'atlas-web-e2e-template-'));
  const server = await launchServer(dir, {}, true);
  await server.stop();
  project.provide('e2eDataTemplate', dir);
  return () => rm(dir, { recursive: true, force: true });
}
