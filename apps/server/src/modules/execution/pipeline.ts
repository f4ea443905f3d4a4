// From a serialized pipeline to one parameterised DuckDB statement: deserialize, check read access on every dataset
// it names, resolve their data, compile.
import { AppStatusCode } from '@atlas/domain';
import { compile, deserialize, PipelineError, type CompiledQuery, type PipelineNode, type ResolvedRelation } from '@atlas/pipeline';
import type { DatasetData } from '../../engine/types.js';
import { checkAccess } from '../../http/access.js';
import { AppError, invalidInput } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { QueryContext } from './context.js';

export interface PreparedPipeline {
  node: PipelineNode;
  compiled: CompiledQuery;
  /** Data version of every dataset the pipeline reads, by dataset id. */
  datasetVersions: Record<string, string>;
}

/** The pipeline package's 400/422 as the API's error shape. */
export function pipelineError(error: PipelineError): AppError {
  return new AppError(error.status, error.message, error.status === 400 ? AppStatusCode.BadRequest : AppStatusCode.InvalidInput, error.details);
}

/** Parses (and hashes) a serialized pipeline: done once per request, every later step takes the node. */
export function readPipeline(json: unknown): PipelineNode {
  try {
    return deserialize(json);
  } catch (error) {
    if (error instanceof PipelineError) throw pipelineError(error);
    throw error;
  }
}

/** Every dataset uuid a pipeline reads (dataset, enrich sources, hexTile and tileQuantiles tilesets), in order. */
export function pipelineDatasets(root: PipelineNode): string[] {
  const found = new Set<string>();
  const seen = new Set<PipelineNode>();
  const visit = (node: PipelineNode) => {
    if (seen.has(node)) return;
    seen.add(node);
    for (const input of node.inputs) visit(input);
    switch (node.type) {
      case 'dataset':
      case 'hexTile':
      case 'tileQuantiles':
        found.add(node.props.uuid);
        break;
      case 'enrich':
        found.add(node.props.source);
        break;
      default:
        break;
    }
  };
  visit(root);
  return [...found];
}

export const noData = (datasetId: string) => invalidInput(`Dataset ${datasetId} has no data`, 'Upload data with PUT /v1/datasets/{id}/data first');

/** Read access (404 when invisible) and data (422 when none) of each dataset. */
export async function resolveDatasets(context: QueryContext, identity: Identity, datasetIds: readonly string[]): Promise<Map<string, DatasetData>> {
  const resolved = new Map<string, DatasetData>();
  for (const id of datasetIds) await checkAccess(context.db, identity, 'dataset', id, 'read');
  for (const id of datasetIds) {
    const data = await context.engine.datasetData(id);
    if (!data) throw noData(id);
    resolved.set(id, data);
  }
  return resolved;
}

/** A parsed pipeline compiled for the embedded engine over the datasets it reads (read access checked on each). */
export async function preparePipeline(context: QueryContext, identity: Identity, node: PipelineNode): Promise<PreparedPipeline> {
  const datasets = await resolveDatasets(context, identity, pipelineDatasets(node));
  try {
    const compiled = await compile(node, {
      dialect: 'duckdb',
      resolveDataset: (uuid): ResolvedRelation => {
        const data = datasets.get(uuid);
        if (!data) throw noData(uuid);
        return { relation: data.relation, columns: data.columns };
      },
    });
    const datasetVersions = Object.fromEntries([...datasets].map(([id, data]) => [id, data.version]));
    return { node, compiled, datasetVersions };
  } catch (error) {
    if (error instanceof PipelineError) throw pipelineError(error);
    throw error;
  }
}
