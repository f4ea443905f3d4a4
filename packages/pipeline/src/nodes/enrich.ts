import { ENRICH_TARGET_TYPES, Messages } from '@atlas/domain';
import { comparable, isNumeric, isTemporal, lookupColumn } from '../compile-expression.js';
import { quoteForMessage, type Site } from '../errors.js';
import type { NodeDefinition } from '../node-definition.js';
import { freeName } from '../node-definition.js';
import { integer, interval, name, oneOf, optional, uuid, withDefault, type TimeIntervalCode } from '../props.js';
import { DATE_TRUNC_UNITS } from '../dialects.js';
import type { ColumnInfo } from '../types.js';
import { columnList, ONE_INPUT } from './shared.js';

export type EnrichTargetType = (typeof ENRICH_TARGET_TYPES)[number];

export interface EnrichProps {
  /** The dataset bringing the values (a UUID). */
  readonly source: string;
  /** The source's column whose value is brought in. */
  readonly sourceColumn: string;
  readonly targetType: EnrichTargetType;
  /** H3: the input's column holding cells. */
  readonly column?: string;
  /** LATLNG: the input's latitude and longitude columns. */
  readonly latColumn?: string;
  readonly lngColumn?: string;
  /** LATLNG: resolution of the computed cells, 0..15 (default 8). */
  readonly res?: number;
  /** LATLNG: name of the added cell column (default "h3"). */
  readonly targetColumn?: string;
  /** The source's cell column (default "h3"). */
  readonly sourceHexColumn: string;
  /** The input's time column; when set rows also match on time. */
  readonly timeColumn?: string;
  /** With timeColumn: both sides' times are truncated to this interval before matching (Y M D H T). */
  readonly timeInterval?: TimeIntervalCode;
  /** With timeColumn: the source's time column (default "time"). */
  readonly sourceTimeColumn?: string;
}

const DEFAULT_RES = 8;

function forbid(props: EnrichProps, keys: readonly (keyof EnrichProps)[], siteOf: (prop: string) => Site, reason: string): void {
  for (const key of keys) if (props[key] !== undefined) siteOf(key).fail(`${key} ${reason}`);
}

export const enrichNode: NodeDefinition<'enrich', EnrichProps> = {
  kind: 'enrich',
  description: "Adds a source dataset's column to each row, matched on H3 cell (and optionally time); a LEFT JOIN.",
  props: {
    source: uuid(),
    sourceColumn: name(),
    targetType: oneOf(ENRICH_TARGET_TYPES),
    column: optional(name()),
    latColumn: optional(name()),
    lngColumn: optional(name()),
    res: optional(integer(0, 15)),
    targetColumn: optional(name()),
    sourceHexColumn: withDefault(name(), 'h3'),
    timeColumn: optional(name()),
    timeInterval: optional(interval()),
    sourceTimeColumn: optional(name()),
  },
  inputs: ONE_INPUT,
  propMessage: (prop) => Messages.invalidEnrichmentProp(prop),
  finalize(props, siteOf) {
    let out: EnrichProps = props;
    if (props.targetType === 'H3') {
      if (props.column === undefined) return siteOf('column').fail('column is required when targetType is H3');
      forbid(props, ['latColumn', 'lngColumn', 'res', 'targetColumn'], siteOf, 'is only valid when targetType is LATLNG');
    } else {
      if (props.latColumn === undefined) return siteOf('latColumn').fail('latColumn is required when targetType is LATLNG');
      if (props.lngColumn === undefined) return siteOf('lngColumn').fail('lngColumn is required when targetType is LATLNG');
      forbid(props, ['column'], siteOf, 'is only valid when targetType is H3');
      out = { ...out, res: props.res ?? DEFAULT_RES, targetColumn: props.targetColumn ?? 'h3' };
    }
    if (props.timeColumn === undefined) {
      forbid(props, ['timeInterval', 'sourceTimeColumn'], siteOf, 'is only valid with timeColumn');
    } else {
      out = { ...out, sourceTimeColumn: props.sourceTimeColumn ?? 'time' };
    }
    // Keep the order of the prop types in the stored props.
    return Object.fromEntries(
      Object.keys(enrichNode.props)
        .filter((key) => out[key as keyof EnrichProps] !== undefined)
        .map((key) => [key, out[key as keyof EnrichProps]]),
    ) as unknown as EnrichProps;
  },
  async compile(node, [input], state) {
    const props = node.props;
    const propsSite = state.site.at('props');
    const source = await state.resolveDataset(props.source, propsSite.at('source'));
    const sourceHex = lookupColumn(source.columns, props.sourceHexColumn, propsSite.at('sourceHexColumn'));
    const value = lookupColumn(source.columns, props.sourceColumn, propsSite.at('sourceColumn'));

    let from: string;
    let inputColumns: readonly ColumnInfo[];
    let cellColumn: ColumnInfo;
    if (props.targetType === 'LATLNG') {
      state.requireH3(propsSite.at('targetType'));
      const lat = lookupColumn(input!.columns, props.latColumn!, propsSite.at('latColumn'));
      const lng = lookupColumn(input!.columns, props.lngColumn!, propsSite.at('lngColumn'));
      for (const [column, key] of [[lat, 'latColumn'], [lng, 'lngColumn']] as const) {
        if (!isNumeric(column.type)) return propsSite.at(key).reject(`Column ${quoteForMessage(column.name)} is not numeric`);
      }
      const target = props.targetColumn!;
      if (input!.columns.some((column) => column.name === target)) {
        return propsSite.at('targetColumn').reject(`Column ${quoteForMessage(target)} already exists`, `Column ${quoteForMessage(target)} already exists; choose another targetColumn`);
      }
      const cell = `atlas_h3_cell(CAST(${state.sql.column(lat.name, 't')} AS DOUBLE), CAST(${state.sql.column(lng.name, 't')} AS DOUBLE), CAST(${state.param(props.res)} AS INTEGER))`;
      from = `(SELECT t.*, ${cell} AS ${state.sql.ident(target)} FROM ${input!.ref} AS t)`;
      cellColumn = { name: target, type: 'h3' };
      inputColumns = [...input!.columns, cellColumn];
    } else {
      cellColumn = lookupColumn(input!.columns, props.column!, propsSite.at('column'));
      from = input!.ref;
      inputColumns = input!.columns;
    }
    if (!comparable(cellColumn.type, 'h3')) return propsSite.at('column').reject(`Column ${quoteForMessage(cellColumn.name)} does not hold H3 cells`);
    if (!comparable(sourceHex.type, 'h3')) return propsSite.at('sourceHexColumn').reject(`Column ${quoteForMessage(sourceHex.name)} does not hold H3 cells`);
    const conditions = [`${state.sql.column(cellColumn.name, 'i')} = ${state.sql.column(sourceHex.name, 's')}`];
    if (props.timeColumn !== undefined) {
      const time = lookupColumn(input!.columns, props.timeColumn, propsSite.at('timeColumn'));
      const sourceTime = lookupColumn(source.columns, props.sourceTimeColumn!, propsSite.at('sourceTimeColumn'));
      if (!isTemporal(time.type)) return propsSite.at('timeColumn').reject(`Column ${quoteForMessage(time.name)} is not a timestamp or date`);
      if (!isTemporal(sourceTime.type)) return propsSite.at('sourceTimeColumn').reject(`Column ${quoteForMessage(sourceTime.name)} is not a timestamp or date`);
      const side = (ref: string) => {
        const timestamp = `CAST(${ref} AS ${state.sql.type('timestamp')})`;
        return props.timeInterval === undefined ? timestamp : state.sql.truncate(DATE_TRUNC_UNITS[props.timeInterval], timestamp);
      };
      conditions.push(`${side(state.sql.column(time.name, 'i'))} = ${side(state.sql.column(sourceTime.name, 's'))}`);
    }
    const outputName = freeName(value.name, '_right', new Set(inputColumns.map((column) => column.name)));
    return {
      sql:
        `SELECT ${columnList(inputColumns, 'i', state.sql)}, ${state.sql.column(value.name, 's')} AS ${state.sql.ident(outputName)}` +
        ` FROM ${from} AS i LEFT JOIN ${source.relation} AS s ON ${conditions.join(' AND ')}`,
      columns: [...inputColumns, { name: outputName, type: value.type }],
    };
  },
};
