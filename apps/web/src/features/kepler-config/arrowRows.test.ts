import { Type, tableFromIPC, tableToIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { arrowTableFromKeplerDataset, keplerDatasetFromArrowTable } from './arrowRows';
import type { KeplerDatasetData } from './types';

const dataset: KeplerDatasetData = {
  id: 'd1',
  label: 'rides.csv',
  fields: [
    { name: 'count', type: 'integer', format: '' },
    { name: 'big', type: 'integer', format: '' },
    { name: 'fare', type: 'real', format: '' },
    { name: 'paid', type: 'boolean', format: '' },
    { name: 'name', type: 'string', format: '' },
    { name: 'at', type: 'timestamp', format: 'M/D/YY H:mm' },
    { name: 'epoch', type: 'timestamp', format: 'X' },
    { name: 'odd_time', type: 'timestamp', format: '' },
    { name: 'shape', type: 'geojson', format: '' },
  ],
  allData: [
    [1, 5_000_000_000, 2.5, true, 'a', '11/1/17 11:00', 1512780000, 'not a time', { type: 'Point', coordinates: [1, 2] }],
    [null, 1, null, 'false', null, null, null, 'later', '{"type":"Point","coordinates":[3,4]}'],
  ],
};

/** Through the wire format, as the server would take it. */
const throughIpc = (table: ReturnType<typeof arrowTableFromKeplerDataset>) => tableFromIPC(tableToIPC(table, 'stream'));

describe('arrowTableFromKeplerDataset', () => {
  const table = throughIpc(arrowTableFromKeplerDataset(dataset));
  const typeOf = (name: string) => table.schema.fields.find((field) => field.name === name)!.type.typeId;

  it('types each column after its kepler.gl field', () => {
    expect(table.numRows).toBe(2);
    expect(table.schema.fields.map((field) => field.name)).toEqual(dataset.fields.map((field) => field.name));
    expect([typeOf('count'), typeOf('big'), typeOf('fare'), typeOf('paid'), typeOf('name')]).toEqual([Type.Int, Type.Float, Type.Float, Type.Bool, Type.Utf8]);
    expect([typeOf('at'), typeOf('epoch'), typeOf('shape')]).toEqual([Type.Timestamp, Type.Timestamp, Type.Utf8]);
  });

  it('keeps text when a time does not parse, rather than losing it', () => {
    expect(typeOf('odd_time')).toBe(Type.Utf8);
    expect(table.getChild('odd_time')!.get(0)).toBe('not a time');
  });

  it('converts values: nulls stay null, seconds become milliseconds, objects become JSON', () => {
    expect(table.getChild('count')!.get(1)).toBeNull();
    expect(table.getChild('paid')!.get(1)).toBe(false);
    expect(table.getChild('epoch')!.get(0)).toBe(1512780000000);
    expect(table.getChild('at')!.get(0)).toBe(Date.parse('11/1/17 11:00'));
    expect(JSON.parse(table.getChild('shape')!.get(0) as string)).toEqual({ type: 'Point', coordinates: [1, 2] });
  });
});

describe('keplerDatasetFromArrowTable', () => {
  const back = keplerDatasetFromArrowTable(throughIpc(arrowTableFromKeplerDataset(dataset)), { id: 'uuid-1', label: 'Rides' });

  it('names the dataset and types its fields as kepler.gl does', () => {
    expect(back.id).toBe('uuid-1');
    expect(back.label).toBe('Rides');
    expect(back.fields.map((field) => [field.name, field.type])).toEqual([
      ['count', 'integer'],
      ['big', 'real'],
      ['fare', 'real'],
      ['paid', 'boolean'],
      ['name', 'string'],
      ['at', 'timestamp'],
      ['epoch', 'timestamp'],
      ['odd_time', 'string'],
      ['shape', 'geojson'],
    ]);
    expect(back.fields.find((field) => field.name === 'epoch')!.format).toBe('x');
  });

  it('writes rows in field order', () => {
    expect(back.allData[0]!.slice(0, 5)).toEqual([1, 5_000_000_000, 2.5, true, 'a']);
    expect(back.allData[0]![6]).toBe(1512780000000);
    expect(back.allData[1]!.slice(0, 5)).toEqual([null, 1, null, false, null]);
  });
});
