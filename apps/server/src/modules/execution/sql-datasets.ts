// SQL datasets run on their connection: a pipeline's dataset nodes naming one become databaseQuery nodes holding its
// SQL, so the pipeline runs on that warehouse as any pipeline reading a databaseQuery does.
import { node as pipelineNode, type PipelineNode } from '@atlas/pipeline';
import type { Identity } from '../../http/identity.js';
import { openSqlDataset, type OpenConnection, type SqlDatasetSource } from '../data-connections/service.js';
import { sqlDatasetIds } from '../datasets/repo.js';
import type { QueryContext } from './context.js';

/** A pipeline with its SQL datasets as databaseQuery nodes, and what may run them without the caller's connection access. */
export interface WithSqlDatasets {
  node: PipelineNode;
  /** The databaseQuery nodes made from SQL datasets (read access on the dataset was their check), and their connections. */
  fromDatasets: { nodes: ReadonlySet<PipelineNode>; connections: ReadonlyMap<string, OpenConnection> };
}

function datasetNodeIds(root: PipelineNode): Set<string> {
  const ids = new Set<string>();
  const visit = (node: PipelineNode) => {
    if (node.type === 'dataset') ids.add(node.props.uuid);
    node.inputs.forEach(visit);
  };
  visit(root);
  return ids;
}

export async function withSqlDatasets(context: QueryContext, identity: Identity, root: PipelineNode): Promise<WithSqlDatasets> {
  const sources = new Map<string, SqlDatasetSource>();
  // Only SQL datasets are opened (a record read and an access check each); the rest are read once, by preparePipeline.
  for (const id of await sqlDatasetIds(context.db, [...datasetNodeIds(root)])) {
    const source = await openSqlDataset(context.db, identity, id, context.allowedConnectionHosts);
    if (source) sources.set(id, source);
  }
  const nodes = new Set<PipelineNode>();
  const connections = new Map([...sources.values()].map((source) => [source.open.id, source.open]));
  if (sources.size === 0) return { node: root, fromDatasets: { nodes, connections } };
  const rewritten = new Map<PipelineNode, PipelineNode>();
  const rewrite = (node: PipelineNode): PipelineNode => {
    const done = rewritten.get(node);
    if (done) return done;
    let result = node;
    const source = node.type === 'dataset' ? sources.get(node.props.uuid) : undefined;
    if (source) {
      result = pipelineNode('databaseQuery', { query: source.query, connectionId: source.open.id });
      nodes.add(result);
    } else {
      const inputs = node.inputs.map(rewrite);
      if (inputs.some((input, k) => input !== node.inputs[k])) result = pipelineNode(node.type, node.props as Record<string, unknown>, inputs);
    }
    rewritten.set(node, result);
    return result;
  };
  return { node: rewrite(root), fromDatasets: { nodes, connections } };
}
