// Movement Pivot: the rows of the pivot view laid out by the layout parameter (dimensions on rows and columns), and
// the same grid as CSV (RFC 4180).
import { AGE_ORDER, GENDERS, INCOME_ORDER, type Labels, type MovementPivotRow } from '@atlas/domain';
import { DEFAULT_CONFIDENCE, type Confidence } from './confidence';
import { geographyName, pairKey, taxonomyName } from './data';
import { csvLines } from './export';
import type { Drawn } from './rows';
import type { Figure } from './types';

type Row = Drawn<MovementPivotRow>;

export interface PivotLayout {
  rows: string[];
  columns: string[];
}

/** The display name of each dimension the layout can use. */
export const DIMENSION_NAMES: Readonly<Record<string, string>> = {
  age: 'Age',
  gender: 'Gender',
  income: 'Income',
  geography: 'Geography',
  period: 'Period',
  category: 'Category',
  chain: 'Chain',
};

export const MEASURE_NAME = 'Normalized visits';
/** The one row (or column) of a layout without row (or column) dimensions. */
export const ALL = 'All';

export interface Member {
  id: string;
  name: string;
}

export interface PivotCell {
  normalized: number | null;
  raw: number | null;
  /** The devices behind the cell and whether they are few (sums have no count: their devices may overlap). */
  sample?: { note: string; low: boolean };
}

export interface Pivot {
  rowDimensions: string[];
  columnDimensions: string[];
  rowKeys: Member[][];
  columnKeys: Member[][];
  cell(rowKey: readonly Member[], columnKey: readonly Member[]): PivotCell | undefined;
  /** A row's sum over its columns; null when that sum would count visits twice (see `additive`). */
  rowTotal(rowKey: readonly Member[]): PivotCell | null;
  /** A column's sum over its rows; null when that sum would count visits twice. */
  columnTotal(columnKey: readonly Member[]): PivotCell | null;
  /** The sum of every cell; null when it would count visits twice. */
  grandTotal: PivotCell | null;
}

/** The pivot layout of the values, when it is one. */
export function layoutOf(value: unknown): PivotLayout {
  const layout = (typeof value === 'object' && value !== null ? value : {}) as Partial<PivotLayout>;
  const names = (list: unknown) => (Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : []);
  return { rows: names(layout.rows), columns: names(layout.columns) };
}

/** A row's member of a dimension (the fields the pivot view answers for it, bi-and-admin.md §3). */
export function memberOf(row: Row, dimension: string, dimensions: readonly string[], labels: Labels): Member {
  const taxonomy = (secondary: boolean): Member => {
    const id = (secondary ? row.secondary_place_taxonomy_id : row.place_taxonomy_id) ?? '';
    return { id, name: (secondary ? row.secondary_place_taxonomy_value : row.place_taxonomy_value) || taxonomyName(labels, id) };
  };
  switch (dimension) {
    case 'geography': {
      const id = row.geography_id ?? '';
      return { id, name: row.geography_value || geographyName(labels, id) };
    }
    case 'period':
      return { id: row.period_value ?? '', name: row.period_value ?? '' };
    case 'chain':
      return taxonomy(false);
    case 'category':
      // With the chain as a dimension too, the category is the secondary taxonomy.
      return taxonomy(dimensions.includes('chain'));
    case 'age':
    case 'gender':
    case 'income':
      return { id: row[dimension] ?? '', name: row[dimension] ?? '' };
    default:
      return { id: '', name: '' };
  }
}

const FIXED_ORDERS: Readonly<Record<string, readonly string[]>> = { age: AGE_ORDER, gender: GENDERS, income: INCOME_ORDER };

/**
 * How members of one dimension sort, as the server sorts them: ages, genders and incomes in the reference orders,
 * periods chronologically (their formats sort as text), categories and chains in the labels' order (the reference
 * order), geographies in the order they come (as selected).
 */
function memberOrder(dimension: string, labels: Labels, seen: Map<string, number>): (a: Member, b: Member) => number {
  const fixed = FIXED_ORDERS[dimension] ?? (dimension === 'category' || dimension === 'chain' ? Object.keys(labels.PLACE_TAXONOMY) : undefined);
  if (dimension === 'period') return (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const position = (member: Member) => {
    const k = fixed ? fixed.indexOf(member.id) : -1;
    return k >= 0 ? k : (fixed?.length ?? 0) + (seen.get(member.id) ?? 0);
  };
  return (a, b) => position(a) - position(b);
}

const keyOf = (members: readonly Member[]) => pairKey(...members.map((member) => member.id));

/** The distinct member tuples of some dimensions, sorted level by level. */
function keysOf(rows: readonly Row[], dimensions: readonly string[], all: readonly string[], labels: Labels): Member[][] {
  if (dimensions.length === 0) return [[]];
  const distinct = new Map<string, Member[]>();
  const seen = dimensions.map(() => new Map<string, number>());
  for (const row of rows) {
    const members = dimensions.map((dimension) => memberOf(row, dimension, all, labels));
    members.forEach((member, k) => {
      if (!seen[k]!.has(member.id)) seen[k]!.set(member.id, seen[k]!.size);
    });
    const key = keyOf(members);
    if (!distinct.has(key)) distinct.set(key, members);
  }
  const orders = dimensions.map((dimension, k) => memberOrder(dimension, labels, seen[k]!));
  return [...distinct.values()].sort((a, b) => {
    for (let k = 0; k < dimensions.length; k++) {
      const by = orders[k]!(a[k]!, b[k]!);
      if (by !== 0) return by;
    }
    return 0;
  });
}

/** The sum of some cells (a missing value counts as 0; no cells at all is null). */
function sumOf(cells: readonly (PivotCell | undefined)[]): PivotCell {
  const present = cells.filter((cell): cell is PivotCell => cell !== undefined);
  const add = (pick: (cell: PivotCell) => number | null) => (present.length ? present.reduce((sum, cell) => sum + (pick(cell) ?? 0), 0) : null);
  return { normalized: add((cell) => cell.normalized), raw: add((cell) => cell.raw) };
}

/**
 * Whether summing across keys of these dimensions counts each visit once. Geographies overlap (a visit counts in the
 * United States and in its DMA, foot-traffic.md "Movement Pivot"): a sum over several geographies of which one is a
 * country would count the DMA's visits twice. Every other dimension splits visits into disjoint parts.
 */
export function additive(keys: readonly (readonly Member[])[], dimensions: readonly string[], countries: ReadonlySet<string>): boolean {
  const level = dimensions.indexOf('geography');
  if (level < 0) return true;
  const geographies = new Set(keys.map((key) => key[level]!.id));
  return geographies.size < 2 || ![...geographies].some((id) => countries.has(id));
}

export function pivotOf(rows: readonly Row[], layout: PivotLayout, labels: Labels, confidence: Confidence = DEFAULT_CONFIDENCE): Pivot {
  const all = [...layout.rows, ...layout.columns];
  const rowKeys = keysOf(rows, layout.rows, all, labels);
  const columnKeys = keysOf(rows, layout.columns, all, labels);
  const cells = new Map<string, PivotCell>();
  const countries = new Set(rows.filter((row) => row.geography_type === 'country').map((row) => row.geography_id ?? ''));
  for (const row of rows) {
    const rowKey = layout.rows.map((dimension) => memberOf(row, dimension, all, labels));
    const columnKey = layout.columns.map((dimension) => memberOf(row, dimension, all, labels));
    cells.set(pairKey(keyOf(rowKey), keyOf(columnKey)), {
      normalized: row.normalized_visits,
      raw: row.raw_visits,
      sample: { note: confidence.note(row), low: confidence.low(row) },
    });
  }
  const cell = (rowKey: readonly Member[], columnKey: readonly Member[]) => cells.get(pairKey(keyOf(rowKey), keyOf(columnKey)));
  const acrossColumns = additive(columnKeys, layout.columns, countries);
  const acrossRows = additive(rowKeys, layout.rows, countries);
  return {
    rowDimensions: layout.rows,
    columnDimensions: layout.columns,
    rowKeys,
    columnKeys,
    cell,
    rowTotal: (rowKey) => (acrossColumns ? sumOf(columnKeys.map((columnKey) => cell(rowKey, columnKey))) : null),
    columnTotal: (columnKey) => (acrossRows ? sumOf(rowKeys.map((rowKey) => cell(rowKey, columnKey))) : null),
    grandTotal: acrossColumns && acrossRows ? sumOf(rowKeys.flatMap((rowKey) => columnKeys.map((columnKey) => cell(rowKey, columnKey)))) : null,
  };
}

/** The label of a row or column of the pivot: its members' names, outermost first. */
export const keyLabel = (key: readonly Member[], empty: string) => (key.length === 0 ? empty : key.map((member) => member.name).join(' / '));

export const dimensionName = (dimension: string) => DIMENSION_NAMES[dimension] ?? dimension;

export const pivotFigures = (pivot: Pivot): Figure[] =>
  pivot.rowKeys.flatMap((rowKey) =>
    pivot.columnKeys.map((columnKey) => ({
      series: keyLabel(rowKey, ALL),
      category: keyLabel(columnKey, MEASURE_NAME),
      value: pivot.cell(rowKey, columnKey)?.normalized ?? null,
    })),
  );

/**
 * How many header rows and body rows a header cell spans: for each level of the keys, the runs of keys that share the
 * members up to and including that level (the first key of a run carries the cell, the others none).
 */
export function spans(keys: readonly (readonly Member[])[], level: number): number[] {
  const out = keys.map(() => 0);
  let start = 0;
  for (let k = 1; k <= keys.length; k++) {
    const same = k < keys.length && keys[k]!.slice(0, level + 1).every((member, l) => member.id === keys[start]![l]!.id);
    if (!same) {
      out[start] = k - start;
      start = k;
    }
  }
  return out;
}

/**
 * The pivot as CSV: one header line (the row dimensions' names, then each column's members joined by " / ", or
 * "Normalized visits" without column dimensions), then a line per pivot row (its members, then the normalized visits
 * unrounded, empty where the combination has no visits). Lines end with CRLF.
 */
export function pivotCsv(rows: readonly Row[], layout: PivotLayout, labels: Labels): string {
  const pivot = pivotOf(rows, layout, labels);
  const header = [
    ...(layout.rows.length ? layout.rows.map(dimensionName) : ['']),
    ...pivot.columnKeys.map((columnKey) => keyLabel(columnKey, MEASURE_NAME)),
  ];
  const lines = pivot.rowKeys.map((rowKey) => [
    ...(rowKey.length ? rowKey.map((member) => member.name) : [ALL]),
    ...pivot.columnKeys.map((columnKey) => {
      const value = pivot.cell(rowKey, columnKey)?.normalized;
      return value === null || value === undefined ? '' : String(value);
    }),
  ]);
  return csvLines([header, ...lines]);
}
