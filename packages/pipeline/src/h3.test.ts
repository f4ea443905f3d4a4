import { cellToParent, getResolution, latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { Site, PipelineError } from './errors.js';
import { H3_UDFS, h3CellOf, h3IndexOf, h3ParentOf } from './index.js';
import { isH3Cell, polygonCells } from './h3.js';

describe('H3 helpers the engine registers as UDFs', () => {
  it('h3CellOf is latLngToCell with nulls for bad input', () => {
    expect(h3CellOf(37.77, -122.41, 8)).toBe(latLngToCell(37.77, -122.41, 8));
    expect(h3CellOf(null, -122.41, 8)).toBeNull();
    expect(h3CellOf(37.77, undefined, 8)).toBeNull();
    expect(h3CellOf(NaN, 0, 8)).toBeNull();
    expect(h3CellOf(91, 0, 8)).toBeNull();
    expect(h3CellOf(0, 181, 8)).toBeNull();
    expect(h3CellOf(0, 0, 16)).toBeNull();
    expect(h3CellOf(0, 0, 1.5)).toBeNull();
  });

  it('h3ParentOf gives ancestors, the cell itself at its resolution, null when finer or invalid', () => {
    const cell = latLngToCell(37.77, -122.41, 9);
    expect(h3ParentOf(cell, 5)).toBe(cellToParent(cell, 5));
    expect(h3ParentOf(cell, 9)).toBe(cell);
    expect(h3ParentOf(cell, 10)).toBeNull();
    expect(h3ParentOf('not a cell', 3)).toBeNull();
    expect(h3ParentOf(null, 3)).toBeNull();
    expect(h3ParentOf(cell, -1)).toBeNull();
  });

  it('describes the UDFs with their implementations', () => {
    expect(H3_UDFS.map((udf) => udf.name)).toEqual(['atlas_h3_cell', 'atlas_h3_index', 'atlas_h3_parent']);
    expect(H3_UDFS[0].fn).toBe(h3CellOf);
    expect(H3_UDFS[1].fn).toBe(h3IndexOf);
    expect(H3_UDFS[2].fn).toBe(h3ParentOf);
    // The index is the cell's 64 bits; null where the cell is.
    expect(h3IndexOf(40.5, -73.9, 9)).toBe(BigInt(`0x${latLngToCell(40.5, -73.9, 9)}`));
    expect(h3IndexOf(null, -73.9, 9)).toBeNull();
    expect(h3IndexOf(91, 0, 9)).toBeNull();
  });

  it('recognises valid cells only', () => {
    expect(isH3Cell('85283083fffffff')).toBe(true);
    expect(isH3Cell('85283083FFFFFFF')).toBe(false);
    expect(isH3Cell('85283083fffffff; DROP')).toBe(false);
    expect(isH3Cell(42)).toBe(false);
  });
});

describe('polygonCells', () => {
  const site = new Site('$', 'test');
  const square = [
    [
      [-122.4, 37.7],
      [-122.3, 37.7],
      [-122.3, 37.8],
      [-122.4, 37.8],
      [-122.4, 37.7],
    ],
  ];

  it('returns sorted, distinct cells at the resolution', () => {
    const cells = polygonCells([square, square], 8, site);
    expect(cells).toEqual([...new Set(cells)].sort());
    expect(cells.every((cell) => getResolution(cell) === 8)).toBe(true);
    expect(cells.length).toBeGreaterThan(50);
  });

  it('answers 422 past one million cells, before enumerating huge areas', () => {
    const world = [
      [
        [-170, -80],
        [170, -80],
        [170, 80],
        [-170, 80],
        [-170, -80],
      ],
    ];
    const started = Date.now();
    let error: unknown;
    try {
      polygonCells([world], 15, site);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PipelineError);
    expect(error).toMatchObject({ status: 422, message: 'Polygon covers too many cells at resolution 15' });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
