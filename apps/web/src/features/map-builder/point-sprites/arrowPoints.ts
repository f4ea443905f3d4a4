// What kepler.gl's point layer builds row by row for an Arrow dataset, built from whole columns instead: the
// GeoArrow point column deck.gl draws from (kepler.gl appends each row's [lng, lat, altitude] through Arrow builders,
// about 0.2 s for a million rows), and the filter accessors, constant while nothing is filtered (deck.gl otherwise
// calls them once per row and point to fill attributes that hold one value).
import { DataType, Field, FixedSizeList, Float64, makeData, makeVector, type Data, type Vector } from 'apache-arrow';
import { MAX_GPU_FILTERS } from '@kepler.gl/constants';

/** The point layer's columns as kepler.gl configures them (fieldIdx -1: not set). */
export interface PointColumns {
  lng: { fieldIdx: number };
  lat: { fieldIdx: number };
  altitude?: { fieldIdx: number } | null;
}

/** The Arrow side of kepler.gl's ArrowDataContainer that this reads. */
export interface ArrowColumns {
  numRows(): number;
  getColumn(columnIndex: number): Vector;
  getTable(): { batches: ReadonlyArray<{ numRows: number }> };
}

// kepler.gl's own point column: three coordinates (altitude 0 when unset), Float64, the GeoArrow extension name on the
// child field (createGeoArrowPointVector in @kepler.gl/layers).
const GEOARROW_POINT = new Map([['ARROW:extension:name', 'geoarrow.point']]);
const POINT_TYPE = new FixedSizeList(3, new Field('xyz', new Float64(), false, GEOARROW_POINT));

/** 32- or 64-bit floats: their values array holds the numbers themselves (16-bit floats do not). */
const isPlainFloat = (type: DataType) => DataType.isFloat(type) && type.precision > 0;

/**
 * kepler.gl's GeoArrow point column for the layer's lng/lat (and altitude) columns, one chunk per record batch; null
 * when a column is not a 32/64-bit float or its chunks do not follow the batches (kepler.gl then builds it itself).
 * Null coordinates are 0, as kepler.gl's builders leave them.
 */
export function pointVector(data: ArrowColumns, { lng, lat, altitude }: PointColumns): Vector | null {
  const indexes = [lng.fieldIdx, lat.fieldIdx, altitude && altitude.fieldIdx > -1 ? altitude.fieldIdx : null];
  const columns = indexes.map((index) => (index === null ? null : data.getColumn(index)));
  const batches = data.getTable().batches;
  const aligned = (column: Vector) => isPlainFloat(column.type) && column.data.length === batches.length && column.data.every((chunk, i) => chunk.length === batches[i]?.numRows);
  if (columns.some((column) => column !== null && !aligned(column))) return null;
  const chunks = batches.map((batch, b) => pointChunk(batch.numRows, columns.map((column) => column?.data[b] ?? null)));
  return makeVector(chunks);
}

function pointChunk(length: number, coordinates: ReadonlyArray<Data | null>): Data<FixedSizeList<Float64>> {
  const values = new Float64Array(length * 3);
  coordinates.forEach((chunk, axis) => {
    if (!chunk) return;
    // Arrow slices the values with the chunk (its offset is the validity bitmap's).
    const source = chunk.values as Float32Array | Float64Array;
    for (let i = 0; i < length; i++) if (chunk.nullCount === 0 || chunk.getValid(i)) values[i * 3 + axis] = source[i] as number;
  });
  const child = makeData({ type: new Float64(), length: length * 3, nullCount: 0, data: values });
  return makeData({ type: POINT_TYPE, length, nullCount: 0, child });
}

/** What kepler.gl's point layer gives deck.gl to filter by: a value per row for its GPU filters, visible (1) or not. */
export interface FilterAccessors {
  getFilterValue: unknown;
  getFiltered: unknown;
}

export interface FilterState {
  /** kepler.gl's GPU filter of the dataset: one trigger per channel, null where no filter uses it. */
  gpuFilter: { filterValueUpdateTriggers: Record<string, unknown> };
  /** The rows kept by kepler.gl's CPU filters, and how many there are. */
  dataset: { filteredIndex: ArrayLike<number>; dataContainer: { numRows(): number } };
}

/** kepler.gl's value of an unused GPU filter channel: 0, within the channel's range [0, 0]. */
const NO_FILTER_VALUE: readonly number[] = Array.from({ length: MAX_GPU_FILTERS }, () => 0);
const VISIBLE = 1;

/**
 * The layer's filter accessors, as constants when they would answer the same for every row: no GPU filter channel
 * in use (every row's value is 0 in each) and every row kept by the CPU filters (every row visible).
 */
export function filterAccessors<T extends FilterAccessors>(data: T, { gpuFilter, dataset }: FilterState): T {
  const noGpuFilter = Object.values(gpuFilter.filterValueUpdateTriggers).every((trigger) => trigger === null);
  const allRows = dataset.filteredIndex.length === dataset.dataContainer.numRows();
  return {
    ...data,
    ...(noGpuFilter ? { getFilterValue: NO_FILTER_VALUE } : {}),
    ...(allRows ? { getFiltered: VISIBLE } : {}),
  };
}
