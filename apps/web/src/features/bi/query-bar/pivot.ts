// The Movement Pivot layout: dimensions on rows and columns, each used at most once.

export type PivotAxis = 'rows' | 'columns';

export interface PivotLayout {
  rows: string[];
  columns: string[];
}

export const PIVOT_AXES: readonly PivotAxis[] = ['rows', 'columns'];
export const otherAxis = (axis: PivotAxis): PivotAxis => (axis === 'rows' ? 'columns' : 'rows');

const strings = (list: unknown) => (Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : []);

/** A PIVOT_TABLE value as a layout (lists missing or malformed read as empty). */
export function pivotLayout(value: unknown): PivotLayout {
  const layout = value && typeof value === 'object' ? (value as Partial<Record<PivotAxis, unknown>>) : {};
  return { rows: strings(layout.rows), columns: strings(layout.columns) };
}

/** The available dimensions on neither axis, in the available order. */
export function unusedDimensions(layout: PivotLayout, available: readonly string[]): string[] {
  const used = new Set([...layout.rows, ...layout.columns]);
  return available.filter((dimension) => !used.has(dimension));
}

const without = (layout: PivotLayout, dimension: string): PivotLayout => ({
  rows: layout.rows.filter((item) => item !== dimension),
  columns: layout.columns.filter((item) => item !== dimension),
});

/** The dimension at the end of the axis, taken off the other axis first so it is never used twice. */
export function addDimension(layout: PivotLayout, axis: PivotAxis, dimension: string): PivotLayout {
  const rest = without(layout, dimension);
  return { ...rest, [axis]: [...rest[axis], dimension] };
}

export const removeDimension = (layout: PivotLayout, dimension: string): PivotLayout => without(layout, dimension);

/** The dimension one place earlier (-1) or later (+1) on its axis; unchanged at either end. */
export function shiftDimension(layout: PivotLayout, dimension: string, step: -1 | 1): PivotLayout {
  const axis = PIVOT_AXES.find((candidate) => layout[candidate].includes(dimension));
  if (!axis) return layout;
  const list = [...layout[axis]];
  const from = list.indexOf(dimension);
  const to = from + step;
  if (to < 0 || to >= list.length) return layout;
  [list[from], list[to]] = [list[to]!, list[from]!];
  return { ...layout, [axis]: list };
}
