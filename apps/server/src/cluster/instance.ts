// This process among the server processes sharing one database: it beats while it lives, and what it owns (running
// loads, files being written) is taken over by the others once it stops beating.
import type { ClusterSettings } from '../config.js';
import type { Db } from '../store/index.js';

export type Liveness = Pick<ClusterSettings, 'instanceId' | 'instanceTimeoutMs'>;

/**
 * SQL that is true when the instance named by `column` is dead, its parameters appended to `params`. On PGlite only
 * this process can use the database (its folder is locked), so every other instance is dead at once; on PostgreSQL
 * an instance is dead when it has not beaten within the timeout (or never registered: rows from before instances).
 */
export function instanceIsDead(kind: Db['kind'], column: string, liveness: Liveness, params: unknown[]): string {
  params.push(liveness.instanceId);
  const own = `$${params.length}::uuid`;
  if (kind === 'pglite') return `${column} IS DISTINCT FROM ${own}`;
  params.push(liveness.instanceTimeoutMs);
  return `(${column} IS DISTINCT FROM ${own} AND NOT EXISTS (SELECT 1 FROM server_instances i WHERE i.id = ${column} AND i.heartbeat_at > now() - $${params.length} * interval '1 millisecond'))`;
}

/** Ids of the instances alive now, this one included. */
export async function liveInstances(db: Db, liveness: Liveness): Promise<Set<string>> {
  if (db.kind === 'pglite') return new Set([liveness.instanceId]);
  const rows = await db.query<{ id: string }>(`SELECT id FROM server_instances WHERE heartbeat_at > now() - $1 * interval '1 millisecond'`, [
    liveness.instanceTimeoutMs,
  ]);
  return new Set([liveness.instanceId, ...rows.map((row) => row.id)]);
}

export interface Instance {
  /** Runs `task` after every beat (failing dead instances' loads, sweeping files); errors wait for the next beat. */
  everyBeat(task: () => Promise<unknown>): void;
  /** Stops beating and unregisters (a clean shutdown: nothing of this instance is running any more). */
  stop(): Promise<void>;
}

/** Registers this instance and beats every `heartbeatMs` until stopped. */
export async function startInstance(db: Db, settings: ClusterSettings): Promise<Instance> {
  const beat = () =>
    db.query(`INSERT INTO server_instances (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()`, [settings.instanceId]);
  await beat();
  // Instances dead for long are forgotten (their loads were failed long ago).
  await db.query(`DELETE FROM server_instances WHERE heartbeat_at < now() - $1 * interval '1 millisecond'`, [settings.instanceTimeoutMs * 10]);
  const tasks: Array<() => Promise<unknown>> = [];
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    // A database that does not answer for a moment costs one beat; the next one tries again.
    running = running.then(beat).then(() => Promise.all(tasks.map((task) => task()))).catch(() => undefined);
  }, settings.heartbeatMs);
  timer.unref();
  return {
    everyBeat: (task) => void tasks.push(task),
    async stop() {
      clearInterval(timer);
      await running;
      await db.query(`DELETE FROM server_instances WHERE id = $1`, [settings.instanceId]);
    },
  };
}
