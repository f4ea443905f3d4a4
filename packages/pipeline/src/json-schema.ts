// JSON schemas of the values pipeline props take, so that a pipeline's JSON form is documented (OpenAPI) from the
// same node definitions that parse it. `$ref`s name the two shared schemas by id; a consumer (the server's OpenAPI
// document, Ajv in tests) registers both under these ids.
import { AGGREGATIONS } from '@atlas/domain';
import { BINARY_OPS, MAX_IN_VALUES, MAX_STRING_LITERAL } from './expression.js';
import { INTERVAL_SCHEMA, NAME_SCHEMA } from './props.js';

export type JsonSchema = { readonly [keyword: string]: unknown };

export const PIPELINE_NODE_ID = 'PipelineNode';
export const PIPELINE_EXPRESSION_ID = 'PipelineExpression';

export const NODE_REF: JsonSchema = { $ref: PIPELINE_NODE_ID };
export const EXPRESSION_REF: JsonSchema = { $ref: PIPELINE_EXPRESSION_ID };

export const LITERAL_VALUE_SCHEMA: JsonSchema = {
  description: 'a string, a finite number, a boolean or null',
  anyOf: [{ type: 'string', maxLength: MAX_STRING_LITERAL }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }],
};

/** An object with exactly these properties (`required` among them). */
export function objectSchema(properties: Record<string, JsonSchema>, required: readonly string[], extra: JsonSchema = {}): JsonSchema {
  return { type: 'object', properties, required: [...required], additionalProperties: false, ...extra };
}

/** A list of 1..1000 (or `min`..1000) items. */
export const listOf = (items: JsonSchema, min: number, max = 1000): JsonSchema => ({ type: 'array', items, minItems: min, maxItems: max });

const expression = (kind: string, properties: Record<string, JsonSchema>, required: readonly string[]) =>
  objectSchema({ kind: { const: kind }, ...properties }, ['kind', ...required], { title: `${kind} expression` });

const literalExpression = expression('literal', { value: LITERAL_VALUE_SCHEMA }, ['value']);

/** The expression tree of select, group, filter and sort (expression.ts parses it). */
export const EXPRESSION_SCHEMA: JsonSchema = {
  $id: PIPELINE_EXPRESSION_ID,
  title: PIPELINE_EXPRESSION_ID,
  description: 'An expression over the input columns, discriminated by kind',
  oneOf: [
    expression('column', { name: NAME_SCHEMA }, ['name']),
    literalExpression,
    expression('binary', { op: { type: 'string', enum: BINARY_OPS }, left: EXPRESSION_REF, right: EXPRESSION_REF }, ['op', 'left', 'right']),
    expression('not', { operand: EXPRESSION_REF }, ['operand']),
    expression('isNull', { operand: EXPRESSION_REF, negate: { type: 'boolean', default: false } }, ['operand']),
    expression('in', { operand: EXPRESSION_REF, values: listOf(literalExpression, 1, MAX_IN_VALUES) }, ['operand', 'values']),
    expression('aggregate', { fn: { type: 'string', enum: AGGREGATIONS }, operand: EXPRESSION_REF, distinct: { type: 'boolean', default: false } }, ['fn']),
    expression('timeTrunc', { interval: INTERVAL_SCHEMA, operand: EXPRESSION_REF }, ['interval', 'operand']),
  ],
};

/** `[{ expression, alias }]`: select and group items. */
export const namedExpressionsSchema = (min: number): JsonSchema =>
  listOf(objectSchema({ expression: EXPRESSION_REF, alias: NAME_SCHEMA }, ['expression']), min);

export const SORT_KEYS_SCHEMA: JsonSchema = listOf(
  objectSchema({ expression: EXPRESSION_REF, direction: { type: 'string', enum: ['asc', 'desc'], default: 'asc' } }, ['expression']),
  1,
);

/** A GeoJSON Polygon or MultiPolygon (its coordinates checked by the parser). */
const POLYGONAL_GEOMETRY: JsonSchema = {
  type: 'object',
  properties: { type: { type: 'string', enum: ['Polygon', 'MultiPolygon'] }, coordinates: { type: 'array' } },
  required: ['type', 'coordinates'],
};

export const POLYGON_FEATURE_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { type: { const: 'Feature' }, geometry: POLYGONAL_GEOMETRY },
  required: ['type', 'geometry'],
};

/** A polygonal geometry, a Feature of one, or a FeatureCollection of them. */
export const POLYGONAL_GEOJSON_SCHEMA: JsonSchema = {
  oneOf: [
    POLYGONAL_GEOMETRY,
    POLYGON_FEATURE_SCHEMA,
    { type: 'object', properties: { type: { const: 'FeatureCollection' }, features: listOf(POLYGON_FEATURE_SCHEMA, 1, 100_000) }, required: ['type', 'features'] },
  ],
};
