import { Int64, Table, Utf8, makeVector, tableFromArrays, tableFromIPC, tableToIPC, vectorFromArray } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { withNumberColumns } from './arrowCompat';

describe('withNumberColumns', () => {
  it('turns 64-bit integer columns into Float64, keeping nulls, names and the other columns', () => {
    const visits = vectorFromArray([10n, null, 2n ** 40n], new Int64());
    const source = new Table({ visits, name: vectorFromArray(['a', 'b', 'c'], new Utf8()), lat: makeVector(Float64Array.from([1, 2, 3])) });
    // Through IPC, as the browser receives it (several batches).
    const received = tableFromIPC(tableToIPC(source.concat(source), 'stream'));
    const table = withNumberColumns(received);
    expect(table.schema.fields.map((field) => `${field.name}:${field.type}`)).toEqual(['visits:Float64', 'name:Utf8', 'lat:Float64']);
    expect(table.getChild('visits')?.toArray()).toBeInstanceOf(Float64Array);
    expect([...table.getChild('visits')!]).toEqual([10, null, 2 ** 40, 10, null, 2 ** 40]);
    expect([...table.getChild('name')!]).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);
    expect(table.numRows).toBe(6);
  });

  it('answers the same table when there is nothing to convert', () => {
    const table = tableFromArrays({ lat: Float64Array.from([1]) });
    expect(withNumberColumns(table)).toBe(table);
  });
});
