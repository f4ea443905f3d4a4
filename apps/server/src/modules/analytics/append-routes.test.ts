// POST /v1/datasets/{id}/data/append: write access to the panel's visits dataset, refusals in the error shape, and
// nothing changed by a refused append (same visits version and engine data, a failed load recorded, no file left).
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { BAD_VISITS, NOT_PANEL_VISITS } from './append-service.js';
import { seedTestPanel, testPanelRelations } from './test-support/panel.js';

const HEADER = 'visit_id,device_id,place_id,started_at,dwell_minutes';

describe.each(testStores())('POST /v1/datasets/{id}/data/append ($name)', (store) => {
  const h = useHarness(store);
  let datasets: Record<'visits' | 'places' | 'panel' | 'population', string>;
  let admin: Record<string, string>;
  let device = 0;
  let place = 0;
  let lastVisit = 0;

  beforeAll(async () => {
    await seedTestPanel(h);
    const panel = await testPanelRelations(h);
    datasets = panel.datasets;
    const [found] = await h.engine.queryRows(`SELECT MIN(device_id) AS device, MIN(place_id) AS place, MAX(visit_id) AS last FROM ${panel.relations.visits}`, []);
    device = Number(found!.device);
    place = Number(found!.place);
    lastVisit = Number(found!.last);
    admin = await h.auth('admin@example.com');
    await addUser(h.db, { email: 'outsider@append.test', organization: 'Elsewhere' });
  }, 180_000);

  const append = (id: string, csv: string, headers: Record<string, string> = admin) =>
    h.app.inject({ method: 'POST', url: `/v1/datasets/${id}/data/append`, headers: { ...headers, 'content-type': 'text/csv' }, payload: csv });
  const visit = (id: number, at = '2025-12-31 10:00:00', who = device, where = place) => `${id},${who},${where},${at},12.5`;
  const state = async () => ({
    data: await h.engine.datasetData(datasets.visits),
    loads: await h.db.query("SELECT id FROM dataset_loads WHERE dataset_id = $1 AND status <> 'failure'", [datasets.visits]),
    engineData: await h.db.query('SELECT data_id, version FROM engine_data ORDER BY data_id'),
    tmp: (await readdir(path.join(h.dataDir, 'tmp'))).sort(),
    status: (await h.db.query<{ status: string }>('SELECT status FROM datasets WHERE id = $1', [datasets.visits]))[0]!.status,
  });

  it('is refused without write access to the visits dataset', async () => {
    for (const email of ['viewer@example.com', 'outsider@append.test']) {
      const response = await append(datasets.visits, `${HEADER}\n${visit(lastVisit + 1)}\n`, await h.auth(email));
      expect([403, 404], email).toContain(response.statusCode);
      expect(Object.keys(response.json()).sort()).toEqual(['appStatusCode', 'details', 'message']);
    }
  });

  it('refuses what cannot be appended with 400 naming the problem, changing nothing', async () => {
    const before = await state();
    const refused: Array<[string, string, string, string]> = [
      [datasets.places, `${HEADER}\n${visit(lastVisit + 1)}\n`, NOT_PANEL_VISITS, 'not a panel\'s visits table'],
      [datasets.visits, `visit_id,device_id,place_id,started_at\n${lastVisit + 1},${device},${place},2025-12-31 10:00:00\n`, BAD_VISITS, 'Missing column: dwell_minutes'],
      [datasets.visits, `${HEADER}\n${visit(lastVisit + 1, '2025-12-31 10:00:00', -5)}\n`, BAD_VISITS, '1 rows name a device_id the panel does not have'],
      [datasets.visits, `${HEADER}\n${visit(lastVisit + 1, '2025-12-31 10:00:00', device, -7)}\n`, BAD_VISITS, '1 rows name a place_id the panel does not have'],
      [datasets.visits, `${HEADER}\n${visit(lastVisit + 1, 'yesterday')}\n${visit(lastVisit + 2)}\n`, BAD_VISITS, "1 rows have a missing value or one that is not of the column's type"],
      [datasets.visits, `${HEADER}\n${visit(lastVisit + 1)}\n${visit(lastVisit + 1)}\n`, BAD_VISITS, '1 visit_id values repeat'],
      [datasets.visits, `${HEADER}\n${visit(lastVisit)}\n`, BAD_VISITS, '1 visit_id values are in the panel already'],
    ];
    for (const [id, csv, message, details] of refused) {
      const response = await append(id, csv);
      expect(response.statusCode, details).toBe(400);
      expect(response.json()).toMatchObject({ message, appStatusCode: 'BAD_REQUEST' });
      expect(response.json().details).toContain(details);
    }
    // An empty body and a file that is not what it says are refused as uploads are (4xx).
    for (const [contentType, payload] of [['text/csv', ''], ['application/vnd.apache.parquet', 'not parquet']]) {
      const response = await h.app.inject({ method: 'POST', url: `/v1/datasets/${datasets.visits}/data/append`, headers: { ...admin, 'content-type': contentType! }, payload });
      expect([400, 415, 422], contentType).toContain(response.statusCode);
      expect(Object.keys(response.json()).sort()).toEqual(['appStatusCode', 'details', 'message']);
    }
    expect(await state()).toEqual(before);
    const latest = await h.app.inject({ method: 'GET', url: `/v1/datasets/${datasets.visits}/query-execution`, headers: admin });
    expect(latest.json()).toMatchObject({ status: 'failure' });
  });

  it('appends a CSV row: a new visits version, its load recorded, answered with the dataset', async () => {
    const before = await state();
    const response = await append(datasets.visits, `${HEADER}\n${visit(lastVisit + 1)}\n`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: datasets.visits, status: 'ready', metadata: { rowCount: before.data!.rowCount + 1 } });
    const after = await state();
    expect(after.data!.version).not.toBe(before.data!.version);
    expect(after.loads).toHaveLength(before.loads.length + 1);
    expect(after.tmp).toEqual(before.tmp);
    const { relations } = await testPanelRelations(h);
    const [found] = await h.engine.queryRows(`SELECT SUM(visits) AS visits FROM ${relations.daily} WHERE day = DATE '2025-12-31'`, []);
    const [raw] = await h.engine.queryRows(`SELECT COUNT(*) AS visits FROM ${relations.visits} WHERE CAST(started_at AS DATE) = DATE '2025-12-31'`, []);
    expect(found!.visits).toBe(raw!.visits);
  });
});
