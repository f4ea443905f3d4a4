// Derived data: what a SELECT answers stored in its order, as Parquet row groups of the asked size.
import { describe, expect, it } from 'vitest';
import { useEngine } from './test-support/engine.js';

describe('engine materialize', () => {
  const env = useEngine();
  const datasetId = '6f1d2c1e-8a51-4d0e-9a55-2d5cf1f0a001';
  const layout = async (relation: string) => {
    const file = /^read_parquet\((.+)\)$/.exec(relation)![1]!;
    return env.engine.queryRows(
      `SELECT COUNT(DISTINCT row_group_id) AS groups, MAX(row_group_num_rows) AS largest, MIN(compression) AS compression FROM parquet_metadata(${file})`,
      [],
    );
  };

  it('stores the rows in the order of the SELECT, LZ4 in row groups of 16,384 rows unless asked otherwise', async () => {
    const data = await env.engine.materialize(datasetId, 'SELECT 50000 - range AS n FROM range(50000) ORDER BY n');
    expect(data.rowCount).toBe(50_000);
    const rows = await env.engine.queryRows(`SELECT n FROM ${data.relation} LIMIT 3`, []);
    expect(rows.map((row) => row.n)).toEqual([1, 2, 3]);
    expect(await layout(data.relation)).toEqual([{ groups: 4, largest: 16_384, compression: 'LZ4_RAW' }]);

    const wide = await env.engine.materialize(datasetId, 'SELECT range AS n FROM range(50000)', { rowGroupRows: 40_960, compressed: false });
    expect(await layout(wide.relation)).toEqual([{ groups: 2, largest: 40_960, compression: 'UNCOMPRESSED' }]);
    // The new version replaced the old one.
    expect((await env.engine.datasetData(datasetId))!.version).toBe(wide.version);
  });
});
