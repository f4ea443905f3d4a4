// The rollup build reports each rollup as a stage with its rows written, in the seed's lines and as the panel
// datasets' status (metadata.progress).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withAuditContext, type AuditContext } from '../../../store/index.js';
import { useHarness } from '../../../test-support/harness.js';
import { testStores } from '../../../test-support/stores.js';
import { seedFootTraffic } from '../../../seed/foot-traffic.js';
import { findUserByEmail, identityOfUser } from '../../users/repo.js';
import { loadPanel } from '../panel.js';
import { ROLLUP_NAMES } from './definitions.js';
import { ROLLUPS_BUILDING } from './underway.js';

describe('rollup build progress', () => {
  const h = useHarness(testStores()[0]!);

  it('prints one line per stage with counts and leaves the datasets saying the build is done', async () => {
    const messages: string[] = [];
    await seedFootTraffic(h.db, h.engine, { visits: 20000, seed: 11, dataDir: h.dataDir, log: (message) => messages.push(message) });
    const rollups = messages.filter((message) => message.startsWith('Rollups: '));
    // Every rollup is a stage, in build order, its rows written once built.
    for (const [k, name] of ROLLUP_NAMES.entries())
      expect(rollups.some((line) => line.startsWith(`Rollups: ${name} (stage ${k + 1} of ${ROLLUP_NAMES.length})`)), name).toBe(true);
    const stages = ROLLUP_NAMES.length;
    expect(rollups.at(-1)).toMatch(new RegExp(`^Rollups: dayDevices \\(stage ${stages} of ${stages}\\): [\\d,]+ of [\\d,]+ rows, 100 %, done$`));
    const panel = messages.filter((message) => message.startsWith('Panel: '));
    expect(panel.at(-1)).toBe('Panel: visits sorted (stage 6 of 6): 20,000 of 20,000 rows, 100 %, done');

    const statuses = await h.db.query<{ progress: Record<string, unknown> }>("SELECT metadata->'progress' AS progress FROM datasets WHERE metadata ? 'panelTable'");
    expect(statuses).toHaveLength(4);
    for (const { progress } of statuses)
      expect(progress).toEqual({ phase: 'done', fraction: 1, stage: 'dayDevices', stageIndex: stages, stages, etaSeconds: 0 });
  });

  it('answers 503 with the stage to a query that would wait longer than it may, and lets later ones join the build', async () => {
    await seedFootTraffic(h.db, h.engine, { visits: 20000, seed: 11, dataDir: h.dataDir, log: () => undefined });
    const owner = (await findUserByEmail(h.db, 'admin@example.com'))!;
    await h.db.query('DELETE FROM analytics_rollups'); // every rollup stale: the next query rebuilds them
    const load = (wait = {}) => loadPanel(h.db, h.engine, identityOfUser(owner), owner.organization_id, false, wait);
    // Started by a request, the build still writes the datasets' status as the system's: nothing in the audit log.
    const request: AuditContext = { requestId: randomUUID(), actorId: owner.id, organizationId: owner.organization_id, via: 'session', adminMode: false, method: 'POST', route: '/test' };
    await expect(withAuditContext(request, () => load({ waitMs: 0 }))).rejects.toMatchObject({ statusCode: 503, appStatusCode: 'SERVICE_UNAVAILABLE', message: ROLLUPS_BUILDING });
    const stages: string[] = [];
    const panel = await load({ onProgress: (report: { stage: string }) => stages.push(report.stage) });
    expect(Object.keys(panel.relations)).toEqual(expect.arrayContaining([...ROLLUP_NAMES]));
    expect(stages.at(-1)).toBe('dayDevices');
    expect(await h.db.query("SELECT count(*)::int AS n FROM analytics_rollups")).toEqual([{ n: ROLLUP_NAMES.length }]);
    expect(await h.db.query('SELECT resource_type, action FROM audit_logs WHERE request_id = $1', [request.requestId])).toEqual([]);
  });
});
