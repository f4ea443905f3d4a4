import type { JsonValue } from '../canonical.js';
import { comparable, lookupColumn } from '../compile-expression.js';
import { quoteForMessage } from '../errors.js';
import { checkPolygonFeature, polygonsOf } from '../geojson.js';
import { polygonCells } from '../h3.js';
import type { NodeDefinition } from '../node-definition.js';
import { custom, integer, optional } from '../props.js';
import { valuesSql } from '../values.js';
import { ONE_INPUT, orderClause } from './shared.js';
import { POLYGON_FEATURE_SCHEMA } from '../json-schema.js';

export interface TileExtractProps {
  /** A GeoJSON Feature with a Polygon or MultiPolygon geometry. */
  readonly feature: JsonValue;
  /** Resolution of the input's cells, 0..15. */
  readonly res: number;
  /** At most this many rows (> 0) when set. */
  readonly maxRows?: number;
}

export const tileExtractNode: NodeDefinition<'tileExtract', TileExtractProps> = {
  kind: 'tileExtract',
  description: "The input rows whose h3 cell (at res) has its center inside the feature's polygons.",
  props: {
    feature: custom('GeoJSON Feature with Polygon/MultiPolygon geometry', (value, site) => checkPolygonFeature(value, site).geojson, POLYGON_FEATURE_SCHEMA),
    res: integer(0, 15),
    maxRows: optional(integer(1)),
  },
  inputs: ONE_INPUT,
  compile(node, [input], state) {
    const propsSite = state.site.at('props');
    const h3 = lookupColumn(input!.columns, 'h3', state.site.at('inputs').at(0));
    if (!comparable(h3.type, 'h3')) return state.site.at('inputs').at(0).reject(`Column ${quoteForMessage(h3.name)} does not hold H3 cells`);
    const cells = polygonCells(polygonsOf(node.props.feature), node.props.res, propsSite.at('feature'));
    let where: string;
    if (cells.length === 0) {
      where = '1 = 0';
    } else {
      const table = { columns: [{ name: 'h3', type: 'string' as const }], rows: cells.map((cell) => [cell]) };
      const cte = state.addCte(valuesSql(table, state.sql, (value) => state.param(value)).sql);
      where = `${state.sql.column(h3.name, 't')} IN (SELECT ${state.sql.column('h3', 'c')} FROM ${cte} AS c)`;
    }
    const limit = node.props.maxRows === undefined ? '' : state.sql.limit(state.param(node.props.maxRows));
    const result = { sql: `SELECT * FROM ${input!.ref} AS t WHERE ${where}${orderClause(input!)}${limit}`, columns: input!.columns };
    return input!.orderBy ? { ...result, orderBy: input!.orderBy } : result;
  },
};
