// Running query templates over a dataset: access, expansion, the sandbox, executions.
import { createHash } from 'node:crypto';
import {
  SQL_PAGING_DEFAULTS,
  type CacheMode,
  type DataQueryJsonResult,
  type DataQueryRequest,
  type ParameterValues,
  type QueryExecution,
  type QueryTemplate,
  type Rollup,
} from '@atlas/domain';
import { checkAccess, checkAttach, type Stored } from '../../http/access.js';
import { badRequest } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import {
  drain,
  executionIdOf,
  executionRecords as executions,
  noData,
  resolveCacheMode,
  runTracked,
  startExecution,
  type ExecutionSpec,
  type ExecutionStart,
  type QueryContext,
} from '../execution/index.js';
import { SANDBOX_DATASET, sandboxArrow, sandboxPage, type SandboxDataset, type SandboxQuery } from './sandbox.js';
import { expandTemplate, quoteIdentifier, wrapRollup } from './template.js';
import { findTemplate } from './templates-repo.js';

export interface TemplateRun {
  templateId: string;
  datasetId?: string;
  parameters?: ParameterValues;
  rollup?: Rollup;
  mapId?: string;
  insightId?: string;
  workbookId?: string;
  cacheMode?: CacheMode;
  maxAge?: number;
}

/** The record a run belongs to (mapId, insightId or workbookId; at most one): its readers will see the run, so it needs write. */
export async function recordOf(context: QueryContext, identity: Identity, run: Pick<TemplateRun, 'mapId' | 'insightId' | 'workbookId'>): Promise<string | null> {
  const given = (
    [
      ['map', run.mapId],
      ['insight', run.insightId],
      ['workbook', run.workbookId],
    ] as const
  ).filter(([, id]) => id !== undefined);
  if (given.length > 1) throw badRequest('Give at most one of mapId, insightId and workbookId', given.map(([kind]) => `${kind}Id`).join(', '));
  const [record] = given;
  if (!record) return null;
  await checkAttach(context.db, identity, record[0], record[1]!);
  return record[1]!;
}

interface PreparedTemplate {
  template: Stored<QueryTemplate>;
  datasetId: string | null;
  recordId: string | null;
  query: SandboxQuery;
  spec: Omit<ExecutionSpec, 'cacheMode' | 'maxAgeSeconds'>;
}

async function prepare(context: QueryContext, identity: Identity, run: TemplateRun): Promise<PreparedTemplate> {
  await checkAccess(context.db, identity, 'query-template', run.templateId, 'read');
  const template = (await findTemplate(context.db, run.templateId))!;
  const datasetId = run.datasetId ?? template.datasetId;
  let dataset: SandboxDataset | undefined;
  const datasetVersions: Record<string, string> = {};
  if (datasetId) {
    await checkAccess(context.db, identity, 'dataset', datasetId, 'read');
    const data = await context.engine.datasetData(datasetId);
    if (!data) throw noData(datasetId);
    dataset = { files: data.parquetFiles, columns: data.columns.map((column) => column.name) };
    datasetVersions[datasetId] = data.version;
  }
  // {{dataset}} is a name in the sandbox, never the file's path.
  const datasetName = dataset ? quoteIdentifier(SANDBOX_DATASET) : undefined;
  let expanded = expandTemplate(template.template, template.parameters, run.parameters ?? {}, { dataset: datasetName });
  if (run.rollup) expanded = wrapRollup(expanded, run.rollup);
  const recordId = await recordOf(context, identity, run);
  const queryHash = createHash('sha256').update(JSON.stringify([expanded.sql, expanded.params])).digest('hex');
  return {
    template,
    datasetId,
    recordId,
    query: { ...expanded, dataset },
    spec: {
      kind: 'template',
      queryHash,
      datasetVersions,
      queryTemplateId: template.id,
      queryTemplateVersion: template.version,
      datasetId,
      recordId,
      parameters: run.parameters ?? {},
    },
  };
}

/** Runs a template; the result is an Arrow stream (cached per the cache mode). */
export async function runTemplate(context: QueryContext, identity: Identity, run: TemplateRun): Promise<ExecutionStart> {
  const prepared = await prepare(context, identity, run);
  const cacheMode = await resolveCacheMode(context, identity, run.cacheMode);
  return startExecution(context, identity, { ...prepared.spec, cacheMode, maxAgeSeconds: run.maxAge }, (options) => sandboxArrow(prepared.query, options));
}

/** Runs a template to the end and answers its execution record (success, or failure / cancelled with the error). */
export async function runTemplateExecution(context: QueryContext, identity: Identity, run: TemplateRun): Promise<QueryExecution> {
  let id: string;
  try {
    const start = await runTemplate(context, identity, run);
    id = start.execution.id;
    await drain(start.stream).catch(() => undefined);
  } catch (error) {
    const failed = executionIdOf(error);
    if (!failed) throw error;
    id = failed;
  }
  return (await executions.findExecution(context.db, id))!;
}

/** One page of a template's result as JSON (not cached). */
export async function runTemplateJson(context: QueryContext, identity: Identity, run: TemplateRun, page: { offset?: number; limit?: number }): Promise<DataQueryJsonResult> {
  const prepared = await prepare(context, identity, run);
  const offset = page.offset ?? SQL_PAGING_DEFAULTS.offset;
  const limit = page.limit ?? SQL_PAGING_DEFAULTS.limit;
  const { execution, result } = await runTracked(context, identity, prepared.spec, (options) => sandboxPage(prepared.query, { offset, limit }, options), (result) => result.total);
  return { executionId: execution.id, columns: result.columns, rows: result.rows, total: result.total, offset, limit };
}

/** POST /v1/data-queries without connectionId: a template over a dataset (SQL text runs only on a data connection, see connections.ts). */
export function templateRunOf(request: DataQueryRequest): TemplateRun {
  if (request.query !== undefined) {
    throw badRequest('A query runs on a data connection', 'Send connectionId with query, or queryTemplateId (and datasetId) to run a query template');
  }
  if (request.queryTemplateId === undefined) throw badRequest('Nothing to run', 'Send queryTemplateId (and datasetId), or query with connectionId');
  const { queryTemplateId, datasetId, parameters, rollup, mapId, insightId, workbookId, cacheMode, maxAge } = request;
  return { templateId: queryTemplateId, datasetId, parameters, rollup, mapId, insightId, workbookId, cacheMode, maxAge };
}
