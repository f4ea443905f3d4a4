// Rollup definitions on hand-made days (the journeys rollup, including a day with two visits at the same instant: the
// direct reading; it reads the raw tables only, so no other rollup relations are given), and the stored order of the
// rollups sorted by place codes on a generated panel.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuckDbEngine } from '../../../engine/duckdb.js';
import { openTestEngine } from '../../../engine/test-support/engine.js';
import { ROLLUPS } from './definitions.js';
import type { PanelRelations } from '../views/types.js';

const relation = (columns: string, rows: string[]) => `(SELECT * FROM (VALUES ${rows.join(', ')}) AS t(${columns}))`;
const at = (time: string) => `TIMESTAMP '2024-03-05 ${time}'`;

// Chains a and b are in category one, c in category two. Device 1's day has a tie at 10:00 (visits 1 and 2).
const r = {
  places: relation('place_id, chain_id, category_id, dma_id, country', [
    "(1, 'a', 'one', '501', 'US')", "(2, 'b', 'one', '501', 'US')", "(3, 'c', 'two', '501', 'US')",
  ]),
  panel: relation('device_id, weight, age, gender, income', ["(1, 1.5, '18-24', 'Female', 'Under 25k')", "(2, 2.0, '25-34', 'Male', 'Over 100k')"]),
  visits: relation('visit_id, device_id, place_id, started_at, dwell_minutes', [
    `(1, 1, 1, ${at('10:00')}, 5.0)`, `(2, 1, 2, ${at('10:00')}, 5.0)`, `(3, 1, 1, ${at('11:00')}, 5.0)`, `(4, 1, 3, ${at('12:00')}, 5.0)`,
    `(5, 2, 1, ${at('09:00')}, 5.0)`, `(6, 2, 1, ${at('09:30')}, 5.0)`, `(7, 2, 2, ${at('10:00')}, 5.0)`, `(8, 2, 1, ${at('11:00')}, 5.0)`,
  ]),
  population: relation('dma_id, age, gender, income, population', ["('501', '18-24', 'Female', 'Under 25k', 10)"]),
};

describe('rollup definitions', () => {
  let engine: DuckDbEngine;
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-rollup-'));
    engine = await openTestEngine({ dataDir: dir, threads: 2, memoryLimit: '512MB' });
  });
  afterAll(async () => {
    await engine.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('finds the neighbours outside runs of the own chain or category, strictly earlier or later, on tie days too', async () => {
    const rows = await engine.queryRows(`SELECT chain_id, skip, relationship, x_chain, x_category, weighted, visits FROM (${ROLLUPS.journeys(r as PanelRelations)}) j`, []);
    const got = rows.map((row) => `${row.skip} ${row.chain_id} ${row.relationship} ${row.x_chain}/${row.x_category} ${row.visits} ${row.weighted}`).sort();
    // Worked by hand from the definition: e.g. visit 3 (a, 11:00) has visit 2 (b, 10:00) before it under the chain rule
    // (visit 1 is its own chain) and nothing before under the category rule (1 and 2 are its own category); visit 1
    // and 2 are neither before nor after each other.
    expect(got).toEqual(
      [
        'chain a after b/one 2 4', // visits 5, 6 → 7 (device 2)
        'chain a after c/two 2 3', // visits 1, 3 → 4
        'chain a before b/one 2 3.5', // visit 3 ← 2, visit 8 ← 7
        'chain b after a/one 2 3.5', // visit 2 → 3, visit 7 → 8
        'chain b before a/one 1 2', // visit 7 ← 6
        'chain c before a/one 1 1.5', // visit 4 ← 3
        'category a after c/two 2 3', // visits 1, 3 → 4
        'category b after c/two 1 1.5', // visit 2 → 4
        'category c before a/one 1 1.5', // visit 4 ← 3
      ].sort(),
    );
  });

  it('treats a place without a chain as a chain of its own, on tie days as on plain days', async () => {
    // Place -4 has no chain (category two; a negative id, which the packed neighbours must keep). Device 3's day has a
    // tie at 08:00 (visits 9 and 10); device 4's day has none.
    const chainless = {
      ...r,
      places: relation('place_id, chain_id, category_id, dma_id, country', ["(1, 'a', 'one', '501', 'US')", "(-4, NULL, 'two', '501', 'US')"]),
      panel: relation('device_id, weight, age, gender, income', ["(3, 1.0, '18-24', 'Female', 'Under 25k')", "(4, 1.0, '18-24', 'Female', 'Under 25k')"]),
      visits: relation('visit_id, device_id, place_id, started_at, dwell_minutes', [
        `(9, 3, -4, ${at('08:00')}, 5.0)`, `(10, 3, 1, ${at('08:00')}, 5.0)`, `(11, 3, -4, ${at('09:00')}, 5.0)`,
        `(12, 4, -4, ${at('10:00')}, 5.0)`, `(13, 4, 1, ${at('11:00')}, 5.0)`,
      ]),
    };
    const rows = await engine.queryRows(`SELECT chain_id, skip, relationship, x_chain, visits FROM (${ROLLUPS.journeys(chainless as PanelRelations)}) j`, []);
    const got = rows.map((row) => `${row.skip} ${row.chain_id} ${row.relationship} ${row.x_chain} ${row.visits}`).sort();
    // Tie day: visit 10 (a) → 11 (no chain) after, 11 ← 10 before; plain day: 12 (no chain) → 13 (a), 13 ← 12.
    expect(got).toEqual(
      ['a after null 1', 'a before null 1', 'null after a 1', 'null before a 1'].flatMap((rest) => [`chain ${rest}`, `category ${rest}`]).sort(),
    );
  });

  it('dayDevices: a device counted once per day at the country when it visits a chain in two DMAs that day', async () => {
    const dayVisitors = relation('country, dma_id, chain_id, category_id, day, device_id', [
      "('US', '501', 'a', 'one', DATE '2024-03-05', 1)", "('US', '502', 'a', 'one', DATE '2024-03-05', 1)", "('US', '501', 'a', 'one', DATE '2024-03-08', 1)",
    ]);
    const places = relation('place_id, chain_id, category_id, dma_id, country', ["(1, 'a', 'one', '501', 'US')", "(2, 'a', 'one', '502', 'US')"]);
    const rows = await engine.queryRows(
      `SELECT geography_id, CAST(day AS VARCHAR) AS day, d0, d1, d2, d3, d4, d5, d6 FROM (${ROLLUPS.dayDevices({ ...r, places, dayVisitors } as PanelRelations)}) d`,
      [],
    );
    const got = rows.map((row) => `${row.geography_id} ${row.day} ${[0, 1, 2, 3, 4, 5, 6].map((k) => row[`d${k}`]).join('')}`).sort();
    // Days d0..d6: the device counts on its day unless it came back within k days (3 days later here).
    expect(got).toEqual(['501 2024-03-05 1110000', '501 2024-03-08 1111111', '502 2024-03-05 1111111', 'US 2024-03-05 1110000', 'US 2024-03-08 1111111'].sort());
  });

  it('journeyVisitors: the devices with a neighbour before or after, matching the journeys above (ties neither)', async () => {
    const rows = await engine.queryRows(`SELECT skip, chain_id, relationship, device_id, months FROM (${ROLLUPS.journeyVisitors(r as PanelRelations)}) j`, []);
    const got = rows.map((row) => `${row.skip} ${row.chain_id} ${row.relationship} ${row.device_id} ${row.months}`).sort();
    // Every row is the one month of the data (bit 0); device 1's visit 2 (b, 10:00) has only a tie before it.
    expect(got).toEqual(
      [
        'chain a after 1 1', 'chain a after 2 1', 'chain a before 1 1', 'chain a before 2 1',
        'chain b after 1 1', 'chain b after 2 1', 'chain b before 2 1',
        'chain c before 1 1',
        'category a after 1 1', 'category b after 1 1', 'category c before 1 1',
      ].sort(),
    );
  });

  it('dayVisitors: each device once per chain, DMA and day', async () => {
    const rows = await engine.queryRows(`SELECT chain_id, device_id, CAST(day AS VARCHAR) AS day FROM (${ROLLUPS.dayVisitors(r as PanelRelations)}) d`, []);
    expect(rows.map((row) => `${row.chain_id} ${row.device_id} ${row.day}`).sort()).toEqual(['a 1 2024-03-05', 'a 2 2024-03-05', 'b 1 2024-03-05', 'b 2 2024-03-05', 'c 1 2024-03-05']);
  });

  it('visitorFirsts: every window of a block holds exactly the devices whose masks meet it, high bits included', async () => {
    // Masks of 1..62 bits, the highest months of a block (bit 61, just below 2^62) and single months among them.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const masks: bigint[] = [1n, 1n << 61n, (1n << 62n) - 1n, (1n << 61n) | 1n, (1n << 61n) | (1n << 60n), 3n << 59n];
    while (masks.length < 40) {
      let mask = 0n;
      for (let bit = 0n; bit < 62n; bit++) if (next() < 0.2) mask |= 1n << bit;
      if (mask) masks.push(mask);
    }
    const rows = masks.map((mask, k) => `('a', 'US', 0, 300, CAST(${mask} AS BIGINT), CAST(${1 + (k % 5)} AS BIGINT))`);
    const visitorMasks = relation('taxonomy_id, geography_id, block, first_month_index, months, devices', rows);
    const firsts = await engine.queryRows(`SELECT prev, month, devices FROM (${ROLLUPS.visitorFirsts({ visitorMasks } as PanelRelations)}) f`, []);
    expect(firsts.every((row) => Number(row.prev) < Number(row.month))).toBe(true);
    for (let lo = 0; lo < 62; lo++)
      for (let hi = lo; hi < 62; hi++) {
        const window = ((1n << BigInt(hi - lo + 1)) - 1n) << BigInt(lo);
        const expected = masks.reduce((sum, mask, k) => sum + ((mask & window) !== 0n ? 1 + (k % 5) : 0), 0);
        const counted = firsts.reduce((sum, row) => sum + (Number(row.month) >= lo && Number(row.month) <= hi && Number(row.prev) < lo ? Number(row.devices) : 0), 0);
        if (counted !== expected) expect({ lo, hi, counted }).toEqual({ lo, hi, counted: expected });
      }
  });

  // The per-device rollups sort their rows by integer codes and take the geography's texts after the sort: the rows must
  // still come in the order of the texts (what the views' row-group filters rely on), also when DuckDB runs in parallel.
  describe('rollups sorted by place codes', () => {
    const places = `(SELECT place_id, CASE WHEN place_id % 7 = 0 THEN NULL ELSE chr(CAST(97 + place_id % 5 AS INTEGER)) END AS chain_id, 'c' || (place_id % 3) AS category_id,
      CAST(500 + place_id % 4 AS VARCHAR) AS dma_id, 'US' AS country FROM range(1, 61) AS t(place_id))`;
    const many: PanelRelations = {
      ...r,
      places,
      panel: `(SELECT device_id, 1.0 + device_id % 3 AS weight, '18-24' AS age, 'Female' AS gender, 'Under 25k' AS income FROM range(1, 5001) AS t(device_id))`,
      visits: `(SELECT i AS visit_id, CAST(i % 5000 + 1 AS INTEGER) AS device_id, CAST((i * 7919 + (i // 5000) * 13) % 60 + 1 AS INTEGER) AS place_id,
        TIMESTAMP '2024-01-01' + (i % 90) * INTERVAL 1 DAY + (i % 13) * INTERVAL 1 HOUR AS started_at, 5.0 AS dwell_minutes FROM range(0, 300000) AS t(i))`,
    } as PanelRelations;
    /** -1, 0 or 1 as key a sorts before, with or after key b (column by column, NULLs last, numbers by value). */
    const compare = (a: unknown[], b: unknown[]) => {
      for (let k = 0; k < a.length; k++) {
        if (a[k] === b[k]) continue;
        if (a[k] === null) return 1;
        if (b[k] === null) return -1;
        return (typeof a[k] === 'number' ? Number(a[k]) < Number(b[k]) : String(a[k]) < String(b[k])) ? -1 : 1;
      }
      return 0;
    };
    const cases: [keyof typeof ROLLUPS, string][] = [
      ['chainVisitors', 'chain_id, dma_id, country, category_id, device_id'],
      ['dayVisitors', 'chain_id, dma_id, country, category_id, CAST(day AS VARCHAR) AS day'],
      ['journeyVisitors', 'skip, chain_id, dma_id, country, category_id'],
    ];
    it.each(cases)('%s: rows in the order of their texts, each with its place texts', async (name, key) => {
      const rollup = ROLLUPS[name](many);
      // Read in the rollup's own order: a projection of it, nothing that may reorder rows.
      const rows = await engine.queryRows(`SELECT ${key} FROM (${rollup}) x`, []);
      expect(rows.length).toBeGreaterThan(10_000);
      const keys = rows.map((row) => Object.values(row));
      expect(keys.filter((k, i) => i > 0 && compare(keys[i - 1]!, k) > 0)).toEqual([]);
      const unknown = await engine.queryRows(
        `SELECT COUNT(*) AS n FROM (${rollup}) x ANTI JOIN ${places} p ON p.chain_id IS NOT DISTINCT FROM x.chain_id AND p.dma_id = x.dma_id AND p.category_id = x.category_id AND p.country = x.country`, [],
      );
      expect(Number(unknown[0]!.n)).toBe(0);
    });
  });
});
