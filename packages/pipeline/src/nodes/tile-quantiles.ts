import { Messages } from '@atlas/domain';
import { isTemporal } from '../compile-expression.js';
import type { NodeDefinition } from '../node-definition.js';
import { integer, interval, uuid, type TimeIntervalCode } from '../props.js';
import { DATE_TRUNC_UNITS } from '../dialects.js';
import type { ColumnInfo } from '../types.js';
import { requireColumn, SOURCE } from './shared.js';

export interface TileQuantilesProps {
  /** The hex tileset dataset (columns h3, time, numeric values). */
  readonly uuid: string;
  /** Resolution the cells are rolled up to before the quantiles, 0..15. */
  readonly res: number;
  /** Time bucket: Y M D H T. */
  readonly timeInterval: TimeIntervalCode;
}

/** The interval names a built tileset's "interval" column holds, by code. */
const BUILT_INTERVALS: Record<TimeIntervalCode, string> = { Y: 'YEAR', M: 'MONTH', D: 'DAY', H: 'HOUR', T: 'MINUTE' };

/** The quantiles computed, and their output column names. */
export const QUANTILES = [
  [0, 'q0'],
  [0.25, 'q25'],
  [0.5, 'q50'],
  [0.75, 'q75'],
  [1, 'q100'],
] as const;

export const tileQuantilesNode: NodeDefinition<'tileQuantiles', TileQuantilesProps> = {
  kind: 'tileQuantiles',
  description:
    'Per time bucket and numeric column: quantiles 0, .25, .5, .75, 1 of the per-cell sums after rolling cells up to res. ' +
    'Rows: time, column, q0, q25, q50, q75, q100.',
  props: { uuid: uuid(), res: integer(0, 15), timeInterval: interval() },
  inputs: SOURCE,
  async compile(node, _inputs, state) {
    const propsSite = state.site.at('props');
    state.requireH3(state.site);
    const resolved = await state.resolveDataset(node.props.uuid, propsSite.at('uuid'));
    const h3 = requireColumn(resolved.columns, 'h3', propsSite.at('uuid'), Messages.hexTileIndexMetadata);
    const time = requireColumn(resolved.columns, 'time', propsSite.at('uuid'), Messages.hexTileIndexMetadata);
    if (!isTemporal(time.type)) return propsSite.at('uuid').reject(Messages.hexTileIndexMetadata, 'the "time" column is not a timestamp or date');
    const numeric = resolved.columns.filter(
      (column) => column.name !== 'h3' && column.name !== 'time' && column.name !== 'interval' && (column.type === 'integer' || column.type === 'number'),
    );
    if (numeric.length === 0) return propsSite.at('uuid').reject('Tileset has no numeric columns');

    const res = state.param(node.props.res);
    const parent = `atlas_h3_parent(${state.sql.column(h3.name, 't')}, CAST(${res} AS INTEGER))`;
    const unit = DATE_TRUNC_UNITS[node.props.timeInterval];
    const sums = numeric.map((column) => `sum(${state.sql.column(column.name, 't')}) AS ${state.sql.ident(column.name)}`).join(', ');
    // A tileset built by POST /v1/datasets/hextile (it has an "interval" column) already holds every resolution and
    // interval, each aggregated by its column's method: take the cells of res in that interval as they are.
    const built = resolved.columns.some((column) => column.name === 'interval');
    const builtOnly = built
      ? ` AND strpos('0123456789abcdef', substr(lower(CAST(${state.sql.column(h3.name, 't')} AS VARCHAR)), 2, 1)) - 1 = ${res}` +
        ` AND ${state.sql.column('interval', 't')} = ${state.param(BUILT_INTERVALS[node.props.timeInterval])}`
      : '';
    const cells = state.addCte(
      `SELECT date_trunc('${unit}', CAST(${state.sql.column(time.name, 't')} AS TIMESTAMP)) AS ${state.sql.ident('time')}, ${parent} AS ${state.sql.ident('h3')}, ${sums}` +
        ` FROM ${resolved.relation} AS t WHERE ${parent} IS NOT NULL${builtOnly} GROUP BY 1, 2`,
    );
    const branches = numeric.map((column) => {
      const quantiles = QUANTILES.map(([q, name]) => `quantile_cont(${state.sql.column(column.name, 'c')}, ${q}) AS ${state.sql.ident(name)}`).join(', ');
      return `SELECT ${state.sql.column('time', 'c')} AS ${state.sql.ident('time')}, CAST(${state.param(column.name)} AS VARCHAR) AS ${state.sql.ident('column')}, ${quantiles} FROM ${cells} AS c GROUP BY 1`;
    });
    const columns: ColumnInfo[] = [
      { name: 'time', type: 'timestamp' },
      { name: 'column', type: 'string' },
      ...QUANTILES.map(([, name]) => ({ name, type: 'number' as const })),
    ];
    const orderBy = `${state.sql.column('time', 't')} ASC NULLS LAST, ${state.sql.column('column', 't')} ASC NULLS LAST`;
    return { sql: `SELECT * FROM (${branches.join(' UNION ALL ')}) AS t ORDER BY ${orderBy}`, columns, orderBy };
  },
};
