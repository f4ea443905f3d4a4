// A hex tile's Arrow stream as the rows the layer draws: one per data cell holding data, its H3 index and the output
// columns' values. Sparse tiles name each cell (an `h3` column); dense tiles hold one row per child cell of the tile in
// h3-js cellToChildren order (docs/tiles.md "Tile proxy"), nulls where there is no data. The schema tells them apart
// (as the x-tile-mode header does), so the tile's bytes are all that is needed.
import { tableFromIPC, type Table } from 'apache-arrow';
import { cellToChildren } from 'h3-js';

/** One drawn cell; `properties` as a GeoJSON feature's, which kepler.gl's hover reads. */
export interface HexRow {
  h3: string;
  properties: Record<string, number | string | null>;
  /** A range tile's row: its bucket start (UTC milliseconds). */
  time?: number;
}

/** Arrow's 64-bit integers come as bigint: kepler.gl's scales and deck.gl's attributes take numbers. */
function plain(value: unknown): number | string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number' || typeof value === 'string') return value;
  return String(value);
}

function columnsOf(table: Table): Array<{ name: string; get(index: number): unknown }> {
  return table.schema.fields
    .filter((field) => field.name !== 'h3')
    .map((field) => {
      const vector = table.getChild(field.name)!;
      return { name: field.name, get: (index: number) => vector.get(index) };
    });
}

/** The rows of a tile: `tile` is the tile's cell and `dataRes` its data resolution (a dense tile's rows are its children). */
export function tileRows(bytes: Uint8Array | ArrayBuffer, tile: string, dataRes: number): HexRow[] {
  const table = tableFromIPC(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  const columns = columnsOf(table);
  const h3 = table.getChild('h3');
  const cells = h3 ? null : cellToChildren(tile, dataRes);
  if (cells && cells.length !== table.numRows) throw new Error(`A dense hex tile of ${tile} holds ${table.numRows} rows, not its ${cells.length} cells`);
  const rows: HexRow[] = [];
  for (let index = 0; index < table.numRows; index++) {
    const properties: HexRow['properties'] = {};
    let empty = true;
    for (const column of columns) {
      const value = plain(column.get(index));
      properties[column.name] = value;
      if (value !== null) empty = false;
    }
    // A dense tile's cells without data are left out: nothing to draw there.
    if (cells && empty) continue;
    const cell = cells ? cells[index] : (h3!.get(index) as string | null);
    if (cell) rows.push({ h3: cell, properties });
  }
  return rows;
}
