// Every node kind, in the order of the spec (§3). Adding a kind: one file in nodes/ and one line here.
import type { NodeDefinition, NodeOf } from './node-definition.js';
import { databaseQueryNode } from './nodes/database-query.js';
import { datasetNode } from './nodes/dataset.js';
import { enrichNode } from './nodes/enrich.js';
import { filterNode } from './nodes/filter.js';
import { groupNode } from './nodes/group.js';
import { hexTileNode } from './nodes/hex-tile.js';
import { hexifyNode } from './nodes/hexify.js';
import { inlineDataNode } from './nodes/inline-data.js';
import { joinNode } from './nodes/join.js';
import { limitNode } from './nodes/limit.js';
import { selectNode } from './nodes/select.js';
import { sortNode } from './nodes/sort.js';
import { tileExtractNode } from './nodes/tile-extract.js';
import { tileJoinNode } from './nodes/tile-join.js';
import { tileQuantilesNode } from './nodes/tile-quantiles.js';

export const NODE_DEFINITIONS = {
  dataset: datasetNode,
  inline_data: inlineDataNode,
  select: selectNode,
  group: groupNode,
  filter: filterNode,
  sort: sortNode,
  limit: limitNode,
  join: joinNode,
  enrich: enrichNode,
  databaseQuery: databaseQueryNode,
  hexify: hexifyNode,
  hexTile: hexTileNode,
  tileExtract: tileExtractNode,
  tileJoin: tileJoinNode,
  tileQuantiles: tileQuantilesNode,
} as const;

export type NodeKind = keyof typeof NODE_DEFINITIONS;
export const NODE_KINDS = Object.freeze(Object.keys(NODE_DEFINITIONS)) as readonly NodeKind[];

type PropsOfDefinition<D> = D extends NodeDefinition<string, infer P> ? P : never;
/** The props type of each kind. */
export type PropsByKind = { [K in NodeKind]: PropsOfDefinition<(typeof NODE_DEFINITIONS)[K]> };

/** A validated, immutable pipeline node of any kind (discriminated on `type`). */
export type PipelineNode = { [K in NodeKind]: NodeOf<K, PropsByKind[K]> }[NodeKind];

export function isNodeKind(value: unknown): value is NodeKind {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(NODE_DEFINITIONS, value);
}

export function definitionOf(kind: NodeKind): NodeDefinition<NodeKind, object> {
  return NODE_DEFINITIONS[kind] as unknown as NodeDefinition<NodeKind, object>;
}
