import { Float32, Float64, Int32, Table, makeVector, tableFromIPC, tableToIPC, vectorFromArray } from 'apache-arrow';
import { createGeoArrowPointVector } from '@kepler.gl/layers';
import { ArrowDataContainer } from '@kepler.gl/utils';
import { describe, expect, it } from 'vitest';
import { filterAccessors, pointVector } from './arrowPoints';

/** A table as the browser receives it (through IPC, two record batches) in kepler.gl's Arrow data container. */
function container(columns: Record<string, ReturnType<typeof vectorFromArray>>): ArrowDataContainer {
  const source = new Table(columns);
  const table = tableFromIPC(tableToIPC(source.concat(source), 'stream'));
  return new ArrowDataContainer({ cols: table.schema.fields.map((_, index) => table.getChildAt(index)!), fields: table.schema.fields as never, arrowTable: table });
}

const LNG = 1;
const LAT = 0;
const ALT = 3;
const columns = { lat: { fieldIdx: LAT }, lng: { fieldIdx: LNG }, altitude: { fieldIdx: -1 } };

/** kepler.gl's own column for the same layer columns, built row by row with its point layer's position accessor. */
function keplerVector(data: ArrowDataContainer, { lng, lat, altitude }: typeof columns) {
  const position = ({ index }: { index: number }) => [data.valueAt(index, lng.fieldIdx), data.valueAt(index, lat.fieldIdx), altitude.fieldIdx > -1 ? data.valueAt(index, altitude.fieldIdx) : 0];
  return createGeoArrowPointVector(data, position as (row: { index: number }) => number[]);
}

/** Each chunk's length and flat coordinates as deck.gl reads them (Arrow's builders leave padding after them). */
const chunks = (vector: { data: ReadonlyArray<{ length: number; children: ReadonlyArray<{ values: ArrayLike<number> }> }> } | null) =>
  vector?.data.map((chunk) => ({ length: chunk.length, values: Array.from(chunk.children[0]?.values ?? []).slice(0, chunk.length * 3) }));

describe('pointVector', () => {
  const data = container({
    lat: vectorFromArray([40.5, null, 41.25], new Float64()),
    lng: vectorFromArray([-73.5, -74, null], new Float64()),
    visits: vectorFromArray([1, 2, 3], new Int32()),
    height: vectorFromArray([10, 20, 30], new Float32()),
  });

  it("holds kepler.gl's coordinates, batch by batch, nulls as 0 and altitude 0 when unset", () => {
    const vector = pointVector(data, columns);
    expect(chunks(vector)).toEqual(chunks(keplerVector(data, columns)));
    expect(chunks(vector)?.[0]).toEqual({ length: 3, values: [-73.5, 40.5, 0, -74, 0, 0, 0, 41.25, 0] });
    expect(vector?.type.toString()).toBe(keplerVector(data, columns).type.toString());
  });

  it('takes the altitude column when the layer has one', () => {
    const withAltitude = { ...columns, altitude: { fieldIdx: ALT } };
    expect(chunks(pointVector(data, withAltitude))).toEqual(chunks(keplerVector(data, withAltitude)));
    expect(chunks(pointVector(data, withAltitude))?.[1]?.values.slice(0, 3)).toEqual([-73.5, 40.5, 10]);
  });

  it('leaves columns that are not floats to kepler.gl', () => {
    expect(pointVector(data, { ...columns, lng: { fieldIdx: 2 } })).toBeNull();
  });

  it('reads a column sliced out of a larger buffer from its offset', () => {
    const lat = makeVector(Float64Array.from([0, 0, 10, 11])).slice(2);
    const lng = makeVector(Float64Array.from([20, 21]));
    const sliced = new ArrowDataContainer({ cols: [lat, lng], fields: [] as never, arrowTable: new Table({ lat, lng }) });
    expect(chunks(pointVector(sliced, columns))).toEqual([{ length: 2, values: [20, 10, 0, 21, 11, 0] }]);
  });
});

describe('filterAccessors', () => {
  const accessors = { getFilterValue: () => [1, 0, 0, 0], getFiltered: () => 0, getRadius: 1 };
  const unused = { gpuFilter_0: null, gpuFilter_1: null, gpuFilter_2: null, gpuFilter_3: null };
  const dataset = (kept: number, rows: number) => ({ filteredIndex: Array.from({ length: kept }, (_, index) => index), dataContainer: { numRows: () => rows } });

  it('answers constants while no filter applies: no GPU channel in use and every row kept', () => {
    expect(filterAccessors(accessors, { gpuFilter: { filterValueUpdateTriggers: unused }, dataset: dataset(5, 5) })).toEqual({ getFilterValue: [0, 0, 0, 0], getFiltered: 1, getRadius: 1 });
  });

  it("keeps kepler.gl's per-row accessors once a GPU filter or a CPU filter applies", () => {
    const gpu = filterAccessors(accessors, { gpuFilter: { filterValueUpdateTriggers: { ...unused, gpuFilter_1: { name: 'visits', domain0: 0 } } }, dataset: dataset(5, 5) });
    expect(gpu.getFilterValue).toBe(accessors.getFilterValue);
    expect(gpu.getFiltered).toBe(1);
    const cpu = filterAccessors(accessors, { gpuFilter: { filterValueUpdateTriggers: unused }, dataset: dataset(4, 5) });
    expect(cpu.getFiltered).toBe(accessors.getFiltered);
    expect(cpu.getFilterValue).toEqual([0, 0, 0, 0]);
  });
});
