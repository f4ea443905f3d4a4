import { Int64, Table, Utf8, makeVector, tableFromArrays, tableFromIPC, tableToIPC, vectorFromArray } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { withNumberColumns } from './arrowCompat';

/** Through IPC, as the browser receives it (several batches). */
const received = (source: Table) => tableFromIPC(tableToIPC(source.concat(source), 'stream'));

describe('withNumberColumns', () => {
  it('turns 64-bit integer columns whose values fit 32 bits into Int32, keeping nulls, names and the other columns', () => {
    const visits = vectorFromArray([10n, null, -(2n ** 31n), 2n ** 31n - 1n], new Int64());
    const source = new Table({ visits, name: vectorFromArray(['a', 'b', 'c', 'd'], new Utf8()), lat: makeVector(Float64Array.from([1, 2, 3, 4])) });
    const table = withNumberColumns(received(source));
    expect(table.schema.fields.map((field) => `${field.name}:${field.type}`)).toEqual(['visits:Int32', 'name:Utf8', 'lat:Float64']);
    expect(table.getChild('visits')?.toArray()).toBeInstanceOf(Int32Array);
    expect([...table.getChild('visits')!]).toEqual([10, null, -(2 ** 31), 2 ** 31 - 1, 10, null, -(2 ** 31), 2 ** 31 - 1]);
    expect([...table.getChild('name')!]).toEqual(['a', 'b', 'c', 'd', 'a', 'b', 'c', 'd']);
    expect(table.numRows).toBe(8);
  });

  it('turns a 64-bit integer column with a value beyond 32 bits into Float64', () => {
    const source = new Table({ id: vectorFromArray([10n, null, 2n ** 40n], new Int64()), count: vectorFromArray([1n, 2n, 3n], new Int64()) });
    const table = withNumberColumns(received(source));
    expect(table.schema.fields.map((field) => `${field.name}:${field.type}`)).toEqual(['id:Float64', 'count:Int32']);
    expect(table.getChild('id')?.toArray()).toBeInstanceOf(Float64Array);
    expect([...table.getChild('id')!]).toEqual([10, null, 2 ** 40, 10, null, 2 ** 40]);
  });

  it('answers the same table when there is nothing to convert', () => {
    const table = tableFromArrays({ lat: Float64Array.from([1]) });
    expect(withNumberColumns(table)).toBe(table);
  });
});
