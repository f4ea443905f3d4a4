import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useEngine } from '../../engine/test-support/engine.js';
import type { BuildPlan } from './build-sql.js';
import { POINT_CELL_SQL, withPointCells } from './point-cells.js';

/** Points over several record batches (64 K rows each), with missing, out-of-range and non-finite coordinates. */
const POINTS = `(SELECT i,
    CASE WHEN i % 97 = 0 THEN NULL WHEN i % 101 = 0 THEN 90.5 WHEN i % 103 = 0 THEN 'nan'::DOUBLE ELSE (hash(i) % 17999) / 100.0 - 89.99 END AS lat,
    CASE WHEN i % 89 = 0 THEN NULL WHEN i % 107 = 0 THEN -180.5 WHEN i % 109 = 0 THEN 'inf'::DOUBLE ELSE (hash(i + 7) % 36000) / 100.0 - 180 END AS lng
  FROM range(150000) t(i))`;

const plan = (relation: string, finest: number): BuildPlan => ({
  relation,
  cell: POINT_CELL_SQL,
  points: { lat: 'CAST(s.lat AS DOUBLE)', lng: 'CAST(s.lng AS DOUBLE)' },
  cells: null,
  finest,
  time: null,
  intervals: [],
  columns: [],
});

describe('point cells', () => {
  const h = useEngine();
  const tmpFiles = () => readdir(h.engine.tmpDir);

  it('are the cells atlas_h3_index finds, row for row with the points, none where it answers null', async () => {
    for (const finest of [0, 9, 15]) {
      const [row] = await withPointCells(h.engine, plan(POINTS, finest), (withCells) =>
        h.engine.queryRows(
          `SELECT count(*) AS "rows", count(${withCells.cell}) AS "cells",
             count(*) FILTER (WHERE ${withCells.cell} IS DISTINCT FROM atlas_h3_index(CAST(s.lat AS DOUBLE), CAST(s.lng AS DOUBLE), ${finest})) AS "different"
           FROM ${withCells.relation} AS s POSITIONAL JOIN ${withCells.cells} AS k`,
          [],
        ),
      );
      expect(row).toEqual({ rows: 150000, cells: expect.any(Number), different: 0 });
      expect(row!.cells).toBeGreaterThan(140000);
      expect(row!.cells).toBeLessThan(150000);
    }
  });

  it('leave no file behind, after a build and after one that failed', async () => {
    const before = await tmpFiles();
    await withPointCells(h.engine, plan(POINTS, 5), async (withCells) => {
      expect((await tmpFiles()).length).toBe(before.length + 1);
      expect(withCells.cells).toMatch(/^read_parquet\('.*\.cells\.parquet'\)$/);
    });
    await expect(withPointCells(h.engine, plan(POINTS, 5), () => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    await expect(withPointCells(h.engine, plan('(SELECT 1 AS lat)', 5), () => Promise.resolve())).rejects.toThrow();
    expect(await tmpFiles()).toEqual(before);
  });

  it('leave a plan without points as it is', async () => {
    const hex = { ...plan(POINTS, 5), points: null, cell: 's.h3' };
    expect(await withPointCells(h.engine, hex, async (given) => given)).toBe(hex);
  });
});
