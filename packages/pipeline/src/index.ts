// @atlas/pipeline: query pipeline nodes as immutable, hashed values; validation; compilation to parameterised SQL.
export type { ColumnInfo, ColumnType, CompileContext, CompiledQuery, DatabaseQueryRequest, Dialect, ResolvedRelation } from './types.js';
export type { NodeJson, NodeOf } from './node-definition.js';
export type { NodeKind, PipelineNode, PropsByKind } from './registry.js';
export type {
  AggregateFn,
  BinaryOp,
  Expression,
  LiteralValue,
  NamedExpression,
  SortKey,
} from './expression.js';
export { expr } from './expression.js';
export { NODE_KINDS } from './registry.js';
export { PipelineError, type PipelineErrorStatus } from './errors.js';
export { deserialize, serialize, isPipelineNode } from './node.js';
export { compile } from './compile.js';
export { pipelineJsonSchemas, type PipelineNodeJson } from './pipeline-json-schema.js';
export type { JsonSchema } from './json-schema.js';
export {
  node,
  dataset,
  inlineData,
  select,
  group,
  filter,
  sort,
  limit,
  join,
  enrich,
  databaseQuery,
  hexify,
  hexTile,
  tileExtract,
  tileJoin,
  tileQuantiles,
} from './builders.js';
export { h3CellOf, h3IndexOf, h3ParentOf, H3_UDFS, isPointArgument } from './h3.js';
