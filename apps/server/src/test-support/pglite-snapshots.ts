// Vitest global setup: starting an in-memory PGlite runs initdb (seconds each time, for every suite that opens one),
// so the stores tests open are made once per run and each suite loads its own copy of one (about a second).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { seedDemo } from '../seed/demo.js';
import { migrate, pgliteDb } from '../store/index.js';
import { DEMO_PASSWORD } from './stores.js';

/** Dumped data folders by state: empty, migrated, and migrated and demo-seeded. */
export interface PgliteSnapshots {
  blank: string;
  migrated: string;
  demo: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshots: PgliteSnapshots;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-pglite-'));
  const pg = await PGlite.create();
  const db = pgliteDb(pg);
  const save = async (name: keyof PgliteSnapshots) => {
    const file = path.join(dir, `${name}.tar`);
    await writeFile(file, Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer()));
    return file;
  };
  const blank = await save('blank');
  await migrate(db);
  const migrated = await save('migrated');
  await seedDemo(db, DEMO_PASSWORD);
  const demo = await save('demo');
  await db.close();
  project.provide('pgliteSnapshots', { blank, migrated, demo });
  return () => rm(dir, { recursive: true, force: true });
}
