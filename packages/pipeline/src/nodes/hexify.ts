import type { JsonValue } from '../canonical.js';
import { checkPolygonalGeoJson, polygonsOf } from '../geojson.js';
import { polygonCells } from '../h3.js';
import type { NodeDefinition } from '../node-definition.js';
import { custom, integer, name, withDefault } from '../props.js';
import { valuesSql } from '../values.js';
import { SOURCE } from './shared.js';
import { POLYGONAL_GEOJSON_SCHEMA } from '../json-schema.js';

export interface HexifyProps {
  /** A Polygon or MultiPolygon geometry, or a Feature or FeatureCollection of them. */
  readonly geojson: JsonValue;
  /** H3 resolution 0..15. */
  readonly res: number;
  /** Name of the output column (default "h3"). */
  readonly columnName: string;
}

export const hexifyNode: NodeDefinition<'hexify', HexifyProps> = {
  kind: 'hexify',
  description: 'One row per H3 cell (at res) whose center lies in the polygons; computed with h3-js, sorted.',
  props: {
    geojson: custom('Polygon/MultiPolygon GeoJSON', (value, site) => checkPolygonalGeoJson(value, site).geojson, POLYGONAL_GEOJSON_SCHEMA),
    res: integer(0, 15),
    columnName: withDefault(name(), 'h3'),
  },
  inputs: SOURCE,
  compile(node, _inputs, state) {
    const cells = polygonCells(polygonsOf(node.props.geojson), node.props.res, state.site.at('props').at('geojson'));
    const table = { columns: [{ name: node.props.columnName, type: 'string' as const }], rows: cells.map((cell) => [cell]) };
    return valuesSql(table, state.sql, (value) => state.param(value), () => 'h3');
  },
};
