// Builders for programmatic use. Each goes through the same validation as deserialize.
// Props are given in their JSON form (optional props may be omitted; expressions as built by `expr`).
import type { Expression, NamedExpression, SortKey } from './expression.js';
import { createNode } from './node.js';
import type { InlineDataFormat } from './nodes/inline-data.js';
import type { JoinType } from './nodes/join.js';
import type { EnrichProps } from './nodes/enrich.js';
import type { NodeKind, PipelineNode, PropsByKind } from './registry.js';
import type { LiteralValue } from './expression.js';

type NodeOfKind<K extends NodeKind> = Extract<PipelineNode, { type: K }>;
type Loose<T> = { -readonly [K in keyof T]?: unknown };

/** Any kind, props in JSON form. */
export function node<K extends NodeKind>(kind: K, props: Loose<PropsByKind[K]> | Record<string, unknown>, inputs: readonly PipelineNode[] = []): NodeOfKind<K> {
  return createNode(kind, props, inputs);
}

export const dataset = (uuid: string) => node('dataset', { uuid });
export const inlineData = (format: InlineDataFormat, data: string | readonly object[]) => node('inline_data', { format, data });
export const select = (input: PipelineNode, expressions: readonly NamedExpression[]) => node('select', { expressions }, [input]);
export const group = (input: PipelineNode, spec: { by?: readonly NamedExpression[]; expressions?: readonly NamedExpression[] }) =>
  node('group', spec, [input]);
export const filter = (input: PipelineNode, expression: Expression) => node('filter', { expression }, [input]);
export const sort = (input: PipelineNode, by: readonly SortKey[]) => node('sort', { by }, [input]);
export const limit = (input: PipelineNode, length: number, offset?: number) =>
  node('limit', offset === undefined ? { length } : { length, offset }, [input]);
export const join = (left: PipelineNode, right: PipelineNode, on: readonly (readonly [string, string])[], type: JoinType = 'INNER') =>
  node('join', { join: type, on }, [left, right]);
export const enrich = (input: PipelineNode, props: Partial<EnrichProps> & Pick<EnrichProps, 'source' | 'sourceColumn' | 'targetType'>) =>
  node('enrich', props, [input]);
export const databaseQuery = (connectionId: string, query: string, params: readonly LiteralValue[] = []) =>
  node('databaseQuery', { connectionId, query, params });
export const hexify = (geojson: unknown, res: number, columnName?: string) =>
  node('hexify', columnName === undefined ? { geojson, res } : { geojson, res, columnName });
export const hexTile = (uuid: string, tileIndex: string, resolutionOffset?: number) =>
  node('hexTile', resolutionOffset === undefined ? { uuid, tileIndex } : { uuid, tileIndex, resolutionOffset });
export const tileExtract = (input: PipelineNode, feature: unknown, res: number, maxRows?: number) =>
  node('tileExtract', maxRows === undefined ? { feature, res } : { feature, res, maxRows }, [input]);
export const tileJoin = (inputs: readonly PipelineNode[]) => node('tileJoin', {}, inputs);
export const tileQuantiles = (uuid: string, res: number, timeInterval: string) => node('tileQuantiles', { uuid, res, timeInterval });
