// The query service (§7): pipelines posted to /query, /tileset, /tileset/metadata and /tileset/quantiles. Each
// request's pipeline is parsed once by its route; running it is modules/execution's.
import type { QuantileRow, QueryColumn, TilesetMetadata } from '@atlas/domain';
import type { PipelineNode } from '@atlas/pipeline';
import { AppError, invalidInput } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import { preparePipeline, readPipeline, runPipeline, type ExecutionStart, type QueryContext, type RunOptions } from '../execution/index.js';
import { toQuantileRows } from './quantile-rows.js';

const TILESET_ROOTS = new Set(['hexTile', 'tileJoin', 'tileExtract']);

function assertTilesetPipeline(root: PipelineNode): void {
  if (!TILESET_ROOTS.has(root.type)) {
    throw invalidInput('Not a tileset pipeline', `A tileset query ends in a hexTile, tileJoin or tileExtract node, not ${root.type}`);
  }
}

/** POST /tileset: a hexTile / tileJoin / tileExtract pipeline's cells as an Arrow stream. */
export async function runTileset(context: QueryContext, identity: Identity, node: PipelineNode, options: RunOptions): Promise<ExecutionStart> {
  assertTilesetPipeline(node);
  return runPipeline(context, identity, node, options);
}

/** The H3 resolution of a cell string: the third hex digit of its 16-digit form. */
const RESOLUTION_SQL = `strpos('0123456789abcdef', substr(lpad(lower(CAST(t."h3" AS VARCHAR)), 16, '0'), 3, 1)) - 1`;

/** POST /tileset/metadata: the output columns, row count and (with an h3 column) the resolutions present. */
export async function tilesetMetadata(context: QueryContext, identity: Identity, node: PipelineNode): Promise<TilesetMetadata> {
  const prepared = await preparePipeline(context, identity, node);
  const { sql, params, columns } = prepared.compiled;
  const hasH3 = columns.some((column) => column.name === 'h3');
  const statement = hasH3
    ? `SELECT count(*) AS "rowCount", min(r) AS "minRes", max(r) AS "maxRes" FROM (SELECT ${RESOLUTION_SQL} AS r FROM (\n${sql}\n) AS t) AS s`
    : `SELECT count(*) AS "rowCount" FROM (\n${sql}\n) AS t`;
  const [row] = await context.engine.queryRows(statement, params, { timeoutMs: context.timeoutMs });
  const metadata: TilesetMetadata = {
    columns: columns.map((column): QueryColumn => ({ name: column.name, type: column.type })),
    rowCount: Number(row?.rowCount ?? 0),
  };
  if (hasH3 && typeof row?.minRes === 'number') metadata.minRes = row.minRes;
  if (hasH3 && typeof row?.maxRes === 'number') metadata.maxRes = row.maxRes;
  return metadata;
}

async function quantiles(context: QueryContext, identity: Identity, json: unknown): Promise<QuantileRow[]> {
  const root = readPipeline(json);
  if (root.type !== 'tileQuantiles') throw invalidInput('Not a quantiles pipeline', `A quantiles query is one tileQuantiles node, not ${root.type}`);
  const prepared = await preparePipeline(context, identity, root);
  const rows = await context.engine.queryRows(prepared.compiled.sql, prepared.compiled.params, { timeoutMs: context.timeoutMs });
  return toQuantileRows(rows);
}

/**
 * POST /tileset/quantiles: one tileQuantiles pipeline answers its rows (or its error); a list of them answers one
 * entry per pipeline, null for each that fails ("Tileset quantile failures return null per entry").
 */
export async function tilesetQuantiles(context: QueryContext, identity: Identity, body: unknown): Promise<QuantileRow[] | Array<QuantileRow[] | null>> {
  if (!Array.isArray(body)) return quantiles(context, identity, body);
  const entries: Array<QuantileRow[] | null> = [];
  for (const json of body) {
    try {
      entries.push(await quantiles(context, identity, json));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      entries.push(null);
    }
  }
  return entries;
}
