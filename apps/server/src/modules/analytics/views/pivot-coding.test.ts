import { describe, expect, it } from 'vitest';
import { useEngine } from '../../../engine/test-support/engine.js';
import { Params } from '../../../store/params.js';
import { codedSql, dimensionOrders, PivotCoding } from './pivot-coding.js';

describe('the pivot coding', () => {
  const env = useEngine();
  const orders = dimensionOrders(['US', '501']);

  it('answers positions in each order, the value only outside it, ordered by the dimensions in turn', async () => {
    const rows = `SELECT * FROM (VALUES ('501', '25-34', 2, 1.5), ('US', 'unknown-b', 1, 2.5), ('US', '18-24', 2, 3.5), ('US', 'unknown-a', 1, 4.5), ('US', '18-24', 1, 5.5)) AS t(geo, age, pi, visits)`;
    const params = new Params();
    const sql = codedSql(rows, [{ column: 'geo', dimension: 'geography' }, { column: 'age', dimension: 'age' }, { column: 'pi', dimension: 'period' }], ['visits'], orders, params, true);
    const answer = await env.engine.queryRows(sql, params.values);
    expect(answer.map((row) => [row.geo, row.geo_value, row.age, row.age_value, row.pi, row.visits])).toEqual([
      [1, null, 1, null, 1, 5.5],
      [1, null, 1, null, 2, 3.5],
      [1, null, null, 'unknown-a', 1, 4.5],
      [1, null, null, 'unknown-b', 1, 2.5],
      [2, null, 2, null, 2, 1.5],
    ]);
    const coding = new PivotCoding(['geography', 'age', 'period'], orders, 3);
    const coded = answer.map((row) => [PivotCoding.read(row, 'geo'), PivotCoding.read(row, 'age'), PivotCoding.read(row, 'pi')]);
    expect(coded[2]).toEqual([1, 'unknown-a', 1]);
    expect(coded.map((codes) => codes.map((code, k) => coding.value(k, code)))).toEqual([
      ['US', '18-24', 1],
      ['US', '18-24', 2],
      ['US', 'unknown-a', 1],
      ['US', 'unknown-b', 1],
      ['501', '25-34', 2],
    ]);
    // A combination has one key however its values were found: coded from an answer or from the values.
    const keys = coded.map((codes) => coding.key(codes));
    expect(new Set(keys).size).toBe(5);
    expect(coding.key(['501', '25-34', 2].map((value, k) => coding.code(k, value)))).toBe(keys[4]);
    expect(coding.key(['US', 'unknown-a', 1].map((value, k) => coding.code(k, value)))).toBe(keys[2]);
    expect(typeof keys[0]).toBe('number');
  });
});
