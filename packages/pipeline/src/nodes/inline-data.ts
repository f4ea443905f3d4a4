import { INLINE_DATA_FORMATS } from '@atlas/domain';
import { isPlainObject } from '../canonical.js';
import { CsvSyntaxError, parseCsv } from '../csv.js';
import type { Site } from '../errors.js';
import { parseLiteralValue, type LiteralValue } from '../expression.js';
import { copyJson } from '../geojson.js';
import type { NodeDefinition } from '../node-definition.js';
import { checkName, custom, oneOf } from '../props.js';
import { inferTable, valuesSql, type Table } from '../values.js';
import { SOURCE } from './shared.js';

export type InlineDataFormat = (typeof INLINE_DATA_FORMATS)[number];
export type InlineRow = { readonly [column: string]: string | number | boolean | null };

export interface InlineDataProps {
  readonly format: InlineDataFormat;
  /** CSV: text with a header row. JSON_OBJECT: a list of flat objects. */
  readonly data: string | readonly InlineRow[];
}

export const MAX_INLINE_ROWS = 100_000;
export const MAX_INLINE_COLUMNS = 1000;
export const MAX_CSV_LENGTH = 20_000_000;

/** The table a CSV text holds: header row, then records; an empty field is null unless it was quoted. */
function csvTable(text: string, site: Site): Table {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return site.fail(`CSV: ${error.message}`);
    throw error;
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) return site.fail('CSV needs a header row and at least one data row');
  if (header.length > MAX_INLINE_COLUMNS) return site.fail(`CSV has more than ${MAX_INLINE_COLUMNS} columns`);
  if (rows.length > MAX_INLINE_ROWS) return site.fail(`CSV has more than ${MAX_INLINE_ROWS} rows`);
  const names = header.map((field, index) => checkName(field.text, site, `CSV header field ${index + 1}`));
  checkDistinct(names, site);
  const values = rows.map((record, index) => {
    if (record.length !== names.length) return site.fail(`CSV row ${index + 1} has ${record.length} fields; the header has ${names.length}`);
    return record.map((field): LiteralValue => (field.text === '' && !field.quoted ? null : field.text));
  });
  return inferTable(names, values, true);
}

function checkDistinct(names: readonly string[], site: Site): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) return site.fail(`duplicate column ${JSON.stringify(name.slice(0, 80))}`);
    seen.add(name);
  }
}

/** The table of JSON_OBJECT rows: columns in order of first appearance, missing keys null. */
function objectTable(rows: readonly InlineRow[]): Table {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (!seen.has(key)) {
        seen.add(key);
        names.push(key);
      }
    }
  }
  const values = rows.map((row) => names.map((name) => (Object.prototype.hasOwnProperty.call(row, name) ? row[name]! : null)));
  return inferTable(names, values);
}

function checkObjectRows(data: unknown, site: Site): InlineRow[] {
  if (!Array.isArray(data) || data.length === 0) return site.fail('JSON_OBJECT data must be a non-empty list of objects');
  if (data.length > MAX_INLINE_ROWS) return site.fail(`data has more than ${MAX_INLINE_ROWS} rows`);
  const columns = new Set<string>();
  const rows = data.map((row, index) => {
    const rowSite = site.at(index);
    if (!isPlainObject(row)) return rowSite.fail('JSON_OBJECT rows must be plain objects');
    return Object.fromEntries(
      Object.keys(row).map((key) => {
        checkName(key, rowSite, 'column name');
        columns.add(key);
        if (columns.size > MAX_INLINE_COLUMNS) return rowSite.fail(`data has more than ${MAX_INLINE_COLUMNS} columns`);
        return [key, parseLiteralValue(row[key], rowSite.at(key))];
      }),
    ) as InlineRow;
  });
  if (columns.size === 0) return site.fail('JSON_OBJECT data needs at least one column');
  return rows;
}

/** The table an inline_data node holds (used at compile time and by tests). */
export function inlineTable(props: InlineDataProps, site: Site): Table {
  return props.format === 'CSV' ? csvTable(props.data as string, site) : objectTable(props.data as readonly InlineRow[]);
}

export const inlineDataNode: NodeDefinition<'inline_data', InlineDataProps> = {
  kind: 'inline_data',
  description: 'A small literal table: CSV text with a header row, or a list of flat JSON objects.',
  props: {
    format: oneOf(INLINE_DATA_FORMATS),
    data: custom('CSV text or a list of flat objects', (value, site) => copyJson(value, site) as InlineDataProps['data'], {
      anyOf: [{ type: 'string', minLength: 1 }, { type: 'array', items: { type: 'object' } }],
    }),
  },
  inputs: SOURCE,
  finalize(props, siteOf) {
    const site = siteOf('data');
    if (props.format === 'CSV') {
      if (typeof props.data !== 'string' || props.data.length === 0) return site.fail('CSV data must be a non-empty string');
      if (props.data.length > MAX_CSV_LENGTH) return site.fail(`CSV data must be at most ${MAX_CSV_LENGTH} characters`);
      csvTable(props.data, site);
      return props;
    }
    return { format: props.format, data: checkObjectRows(props.data, site) };
  },
  compile(node, _inputs, state) {
    return valuesSql(inlineTable(node.props, state.site.at('props').at('data')), state.sql, (value) => state.param(value));
  },
};
