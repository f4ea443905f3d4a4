// Appending to the panel (issue 22): the test panel split into a base and appends (five weeks across a month's end, a
// day, late visits of past days); after each append every rollup and a representative query of every view of the seven sets equal
// those of a full rebuild over the same visits at relative 1e-9.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { MAX_DATA_FILES } from '../../engine/types.js';
import { appendedVisits, appendRollups, foldedRollup } from './rollups/append.js';
import { currentRollups, materializeRollup } from './rollups/store.js';
import { ROLLUP_NAMES, SLOT_COLUMNS } from './rollups/definitions.js';
import { overlapRows } from './views/cross-visitation.js';
import { devicesMeeting } from './views/devices.js';
import type { PanelRelations } from './views/index.js';
import { pivotRows } from './views/movement-pivot.js';
import { seedTestPanel, testPanelRelations } from './test-support/panel.js';

type Row = Record<string, unknown>;

const PARQUET = 'application/vnd.apache.parquet';

/**
 * The visits held out of the base, appended in this order: five weeks (a month and the next month's start), a day,
 * then late visits of past days:
 * some of one day, and the middle visit of device-days with three or more (whose neighbours then change).
 */
const lateVisits = (middle: readonly number[]) =>
  `((CAST(started_at AS DATE) = DATE '2024-06-15' AND visit_id % 3 = 0) OR visit_id IN (${middle.join(', ')}))`;
const APPENDS = ['five weeks', 'a day', 'late visits of past days'] as const;
/**
 * The rollups whose readers combine the rows of one key: every append stores their changes as a file of their own
 * (crossVisitors while the same chains are ranked, as in these appends).
 */
const COMBINED = ['chainVisitors', 'crossVisitors', 'journeyVisitors', 'visitorMasks', 'visitorFirsts', 'journeyMasks', 'dayDevices'] as const;
const isCombined = (name: string): name is (typeof COMBINED)[number] => (COMBINED as readonly string[]).includes(name);
/**
 * The rollups each append stores as a file after the previous rollup's: those rows of days or months after the
 * previous version's only, and the combined ones; the others are rewritten. The visits always gain a file.
 */
const EXTENDED: Record<(typeof APPENDS)[number], readonly string[]> = {
  'five weeks': ['daily', 'monthly', 'monthlyCells', 'monthlyDayparts', 'monthlyDwell', 'journeys', 'dayVisitors', ...COMBINED],
  'a day': ['daily', 'dayVisitors', ...COMBINED],
  'late visits of past days': COMBINED,
};
/** How many Parquet files a relation of the engine reads. */
const fileCount = (relation: string) => (relation.startsWith('read_parquet([') ? relation.split("', '").length : 1);
/** The rows of each append, in APPENDS order. */
const appends = (late: string) => [
  `started_at >= '2025-11-01' AND started_at < '2025-12-08' AND NOT ${late}`,
  `started_at >= '2025-12-08' AND started_at < '2025-12-09' AND NOT ${late}`,
  late,
];
/** The month index of 'YYYY-MM' (definitions.ts monthIndex). */
const monthOf = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
/** A day after the appended ones, appended last with every rollup at its 16 files. */
const FOLDED_DAY = `started_at >= '2025-12-09' AND started_at < '2025-12-10'`;
const base = (late: string) => `started_at < '2025-11-01' AND NOT ${late}`;

/** Equal within relative 1e-9 (numbers), exactly otherwise. */
function expectSame(actual: unknown, expected: unknown, where: string): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    expect(Math.abs(actual - expected), `${where}: ${actual} vs ${expected}`).toBeLessThanOrEqual(1e-9 * Math.max(Math.abs(expected), 1e-3));
  } else if (Array.isArray(expected) && Array.isArray(actual)) {
    expect(actual.length, `${where}: length`).toBe(expected.length);
    expected.forEach((value, k) => expectSame(actual[k], value, `${where}[${k}]`));
  } else if (expected !== null && typeof expected === 'object' && actual !== null && typeof actual === 'object') {
    expect(Object.keys(actual).sort(), `${where}: fields`).toEqual(Object.keys(expected).sort());
    for (const [key, value] of Object.entries(expected)) expectSame((actual as Row)[key], value, `${where}.${key}`);
  } else {
    expect(actual, where).toEqual(expected);
  }
}

describe('appending visits to the panel', () => {
  const h = useHarness(testStores()[0]!);
  let visitsId = '';
  let admin: Record<string, string>;
  const files: string[] = [];
  let queries: Array<[string, string, Row]> = [];
  let top: { dma: string; chains: string[]; category: string };

  beforeAll(async () => {
    await seedTestPanel(h);
    const { relations, datasets } = await testPanelRelations(h);
    visitsId = datasets.visits;
    admin = await h.auth('admin@example.com');
    const write = async (name: string, where: string) => {
      const file = path.join(h.dataDir, 'tmp', `${name}.parquet`);
      await h.engine.queryRows(`COPY (SELECT * FROM ${relations.visits} WHERE ${where} ORDER BY visit_id) TO '${file}' (FORMAT parquet)`, []);
      return file;
    };
    const middle = await h.engine.queryRows(
      `SELECT visit_id FROM (
         SELECT visit_id, ROW_NUMBER() OVER d AS k, COUNT(*) OVER (PARTITION BY device_id, CAST(started_at AS DATE)) AS n
         FROM ${relations.visits} WHERE started_at >= '2024-01-01' AND started_at < '2025-01-01' OR started_at >= '2025-11-20' AND started_at < '2025-12-09'
         WINDOW d AS (PARTITION BY device_id, CAST(started_at AS DATE) ORDER BY started_at, visit_id)
       ) s WHERE k = 2 AND n >= 3`,
      [],
    );
    expect(middle.length).toBeGreaterThanOrEqual(5);
    const late = lateVisits(middle.map((row) => Number(row.visit_id)));
    for (const [k, where] of appends(late).entries()) files.push(await write(`append-${k}`, where));
    files.push(await write('folded', FOLDED_DAY));
    top = await busiest(relations);
    queries = representativeQueries(top);
    const loaded = await h.app.inject({ method: 'PUT', url: `/v1/datasets/${visitsId}/data`, headers: { ...admin, 'content-type': PARQUET }, payload: await readFile(await write('base', base(late))) });
    expect(loaded.statusCode).toBe(200);
  }, 180_000);

  async function busiest(relations: PanelRelations) {
    const top = (sql: string) => h.engine.queryRows(sql, []).then((rows) => rows.map((row) => String(row.id)));
    const joined = `${relations.visits} v JOIN ${relations.places} p ON p.place_id = v.place_id`;
    const [dma] = await top(`SELECT CAST(p.dma_id AS VARCHAR) AS id FROM ${joined} GROUP BY 1 ORDER BY COUNT(*) DESC, 1 LIMIT 1`);
    const chains = await top(`SELECT CAST(p.chain_id AS VARCHAR) AS id FROM ${joined} WHERE CAST(p.dma_id AS VARCHAR) = '${dma}' GROUP BY 1 ORDER BY COUNT(*) DESC, 1 LIMIT 5`);
    const [category] = await top(`SELECT CAST(p.category_id AS VARCHAR) AS id FROM ${joined} GROUP BY 1 ORDER BY COUNT(*) DESC, 1 LIMIT 1`);
    return { dma: dma!, chains, category: category! };
  }

  const query = async ([set, template, parameters]: [string, string, Row]) => {
    const response = await h.app.inject({ method: 'POST', url: `/v1/query/${set}/template/${template}`, headers: { ...admin, 'cache-control': 'no-cache' }, payload: { parameters } });
    expect(response.statusCode, `${set}/${template}: ${response.body}`).toBe(200);
    return response.json().rows as Row[];
  };

  /**
   * Each rollup's rows, those of the combined ones as their readers see them (one row per key), and crossVisitors'
   * masks by chain rather than by slot (an append keeps a chain's slot where a rebuild makes it its rank).
   */
  const rollupRows = (relations: PanelRelations) =>
    Promise.all(
      ROLLUP_NAMES.map((name) => {
        let rows = isCombined(name) ? `(${foldedRollup(name, relations[name])})` : relations[name];
        if (name === 'chainRanks') rows = `(SELECT chain_id, rank, first_month_index, visitors, slot IS NOT NULL AS ranked FROM ${rows} k)`;
        if (name === 'crossVisitors') {
          rows = `(SELECT u.geography_id, u.device_id, u.weight, u.age, u.gender, u.income, u.block, k.chain_id, u.mask, u.devices
            FROM ${rows} c UNPIVOT (mask FOR slot IN (${SLOT_COLUMNS.join(', ')})) u JOIN ${relations.chainRanks} k ON 'm' || CAST(k.slot AS VARCHAR) = u.slot)`;
        }
        return h.engine.queryRows(`SELECT * FROM ${rows} r ORDER BY ALL`, []);
      }),
    );

  /**
   * The readings of the per-device rollups as they are stored (several rows of a key after appends), which the queries
   * above take only for chains beyond the ranked ones or windows across two mask blocks: overlaps and pivot device
   * counts through chainVisitors, and distinct devices through journeyVisitors.
   */
  async function deviceReadings(relations: PanelRelations) {
    const { dma, chains } = top;
    const analysisPeriod = { granularity: 'monthly', start: '2025-06', end: '2025-12' };
    const overlaps = await overlapRows(h.engine, relations, { geography: 'US', analysisPeriod }, chains, chains, 'chainVisitors');
    const pivot = { age: [], gender: [], income: [], geography: ['US', dma], period: analysisPeriod, taxonomies: chains, pivotTable: { rows: ['chain', 'age'], columns: ['period'] } };
    const devices = await pivotRows(h.engine, relations, pivot, 'chainVisitors');
    const journeys = await h.engine.queryRows(
      `SELECT j.skip, j.relationship, j.chain_id, ${devicesMeeting('j', String(monthOf('2025-06')), String(monthOf('2025-12')))} AS devices
       FROM ${relations.journeyVisitors} j GROUP BY ALL ORDER BY ALL`,
      [],
    );
    return { overlaps, devices: devices.map((row) => row.device_count), journeys };
  }

  /**
   * The current rollups' rows and every query's answer, then the same after a full rebuild (the rollups recorded as
   * stale, so the other slots are rebuilt from the visits); the rollup records are put back so that the next append
   * starts from the appended rollups.
   */
  async function compareWithRebuild(what: (typeof APPENDS)[number]) {
    const appended = await testPanelRelations(h);
    for (const name of ROLLUP_NAMES) expect(fileCount(appended.relations[name]) > 1, `${what}: ${name} extended`).toBe(EXTENDED[what].includes(name));
    expect(fileCount(appended.relations.visits), `${what}: visits`).toBe(APPENDS.indexOf(what) + 2);
    const appendedRollups = await rollupRows(appended.relations);
    const appendedAnswers = [];
    for (const q of queries) appendedAnswers.push(await query(q));
    const records = await h.db.query<Row>('SELECT rollup_id, source_versions, source_datasets, built_at FROM analytics_rollups');
    await h.db.query(`UPDATE analytics_rollups SET source_versions = 'stale'`);
    const rebuilt = await testPanelRelations(h);
    for (const name of ROLLUP_NAMES) expect(rebuilt.relations[name], `${name} rebuilt apart`).not.toBe(appended.relations[name]);
    const rebuiltRollups = await rollupRows(rebuilt.relations);
    ROLLUP_NAMES.forEach((name, k) => expectSame(appendedRollups[k], rebuiltRollups[k], `${what}: rollup ${name}`));
    expectSame(await deviceReadings(appended.relations), await deviceReadings(rebuilt.relations), `${what}: per-device readings`);
    for (const [k, q] of queries.entries()) expectSame(appendedAnswers[k], await query(q), `${what}: ${q[0]}/${q[1]}`);
    await h.db.query('DELETE FROM analytics_rollups');
    for (const record of records) {
      await h.db.query('INSERT INTO analytics_rollups (rollup_id, source_versions, source_datasets, built_at) VALUES ($1, $2, $3, $4)', [
        record.rollup_id, record.source_versions, record.source_datasets, record.built_at,
      ]);
    }
  }

  it('answers every view after each append as a full rebuild over the same visits does', async () => {
    let rows = Number((await h.engine.datasetData(visitsId))!.rowCount);
    for (const [k, what] of APPENDS.entries()) {
      const payload = await readFile(files[k]!);
      const response = await h.app.inject({ method: 'POST', url: `/v1/datasets/${visitsId}/data/append`, headers: { ...admin, 'content-type': PARQUET }, payload });
      expect(response.statusCode, response.body).toBe(200);
      const appended = Number((await h.engine.queryRows(`SELECT COUNT(*) AS n FROM read_parquet('${files[k]}')`, []))[0]!.n);
      expect(appended, what).toBeGreaterThan(0);
      rows += appended;
      expect(response.json().metadata).toMatchObject({ rowCount: rows, progress: { phase: 'done', fraction: 1 } });
      await compareWithRebuild(what);
    }
  }, 600_000);

  it('folds (or merges) each rollup into one file when it has as many files as it may, to the rows of a rebuild', async () => {
    const { relations, source } = await testPanelRelations(h);
    const stored = await currentRollups(h.db, h.engine, source);
    const full = Object.fromEntries(
      Object.entries(stored).map(([name, data]) => [name, { ...data, parquetFiles: Array.from({ length: MAX_DATA_FILES }, () => data.parquetFiles[0]!) }]),
    ) as typeof stored;
    const part = `read_parquet('${files[APPENDS.length]}')`;
    const appended = await appendRollups(h.engine, { previous: relations, stored: full, part, scratch: randomUUID() }, () => randomUUID());
    for (const name of ROLLUP_NAMES) expect(fileCount(appended[name]), `${name} in one file`).toBe(1);
    const rebuilt: PanelRelations = { ...relations, visits: appendedVisits(relations.visits, part) };
    for (const name of ROLLUP_NAMES) rebuilt[name] = (await materializeRollup(h.engine, randomUUID(), name, rebuilt)).relation;
    const [folded, expected] = await Promise.all([rollupRows(appended), rollupRows(rebuilt)]);
    ROLLUP_NAMES.forEach((name, k) => expectSame(folded[k], expected[k], `folded: rollup ${name}`));
  }, 300_000);
});

/** At least one query of every view of the seven sets, over the appended periods and around them. */
function representativeQueries({ dma, chains, category }: { dma: string; chains: string[]; category: string }): Array<[string, string, Row]> {
  const monthly = (start: string, end: string) => ({ granularity: 'monthly', start, end });
  const daily = (start: string, end: string) => ({ granularity: 'daily', start, end });
  const late = daily('2024-06-10', '2024-06-20');
  const recent = daily('2025-11-25', '2025-12-10');
  const q: Array<[string, string, Row]> = [];
  for (const analysisPeriod of [{ granularity: 'monthly', focus: '2025-11', benchmark: '2024-06' }, { granularity: 'quarterly', focus: '2025-Q4', benchmark: '2024-Q2' }]) {
    q.push(['change-in-visits', 'change-in-visits', { geographies: ['US', dma], taxonomies: [chains[0], category], analysisPeriod }]);
  }
  const trends = (start: string, end: string) => ({ dma, chains, period: monthly(start, end), startPeriod: '2024-05', endPeriod: '2024-07' });
  for (const template of ['visit-share-by-daypart', 'median-dwell-time', 'indexed-foot-traffic']) {
    q.push(['visitation-trends', template, trends('2025-06', '2025-12')], ['visitation-trends', template, trends('2024-06', '2024-06')]);
  }
  for (const template of ['visit-share-by-age', 'fair-share-index-by-age', 'visit-share-by-gender', 'fair-share-index-by-gender']) {
    q.push(['audience-insight', template, { dma, chains, period: monthly('2025-10', '2025-12') }]);
  }
  q.push(['audience-insight', 'visit-share-by-age', { dma, chains, period: monthly('2024-06', '2024-06') }]);
  for (const analysisPeriod of [monthly('2025-06', '2025-12'), monthly('2024-06', '2024-06')]) {
    q.push(['cross-visitation', 'overlap-heatmap', { chains, geography: 'US', analysisPeriod }]);
    q.push(['cross-visitation', 'focus-chain-overlap', { chains, geography: dma, analysisPeriod, focusChain: chains[1] }]);
    q.push(['customer-journey', 'top-before-and-after', { primary: chains[0], geography: 'US', analysisPeriod }]);
    q.push(['customer-journey', 'top-before-and-after', { primary: category, geography: dma, analysisPeriod, showTopVisitsBy: 'category' }]);
  }
  for (const analysisPeriod of [monthly('2025-06', '2025-12'), monthly('2024-06', '2024-06'), recent, late]) {
    q.push(['indexed-foot-traffic', 'chains-in-geography', { analysisPeriod, geography: 'US', chains }]);
    q.push(['indexed-foot-traffic', 'chain-across-geographies', { analysisPeriod, chain: chains[0], geographies: ['US', dma] }]);
  }
  for (const period of [monthly('2025-09', '2025-12'), { granularity: 'quarterly', start: '2024-Q2', end: '2025-Q4' }]) {
    const pivot = { age: [], gender: [], income: [], geography: ['US', dma], period, taxonomies: [...chains, category] };
    q.push(['movement-pivot', 'pivot', { ...pivot, pivotTable: { rows: ['chain', 'age'], columns: ['period'] } }]);
    q.push(['movement-pivot', 'pivot', { ...pivot, gender: ['Female'], pivotTable: { rows: ['geography', 'category'], columns: ['income'] } }]);
  }
  return q;
}
