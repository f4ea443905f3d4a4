// Reading executions: the caller's own, and those run for a record they can read.
import { SQL_PAGING_DEFAULTS, type PagingQuery, type QueryExecution, type QueryExecutionGetQuery, type QueryExecutionList, type RecordKind } from '@atlas/domain';
import { checkAccess } from '../../http/access.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db } from '../../store/index.js';
import { executionNotFound } from './executions.js';
import * as repo from './executions-repo.js';

export const listExecutions = (db: Db, identity: Identity, query: PagingQuery): Promise<QueryExecutionList> =>
  repo.listExecutions(db, identity.userId, query.offset ?? SQL_PAGING_DEFAULTS.offset, query.limit ?? SQL_PAGING_DEFAULTS.limit);

/**
 * An execution is visible to the user who ran it; with mapId / insightId / workbookId, also to readers of that
 * record when the execution ran for it.
 */
export async function getExecution(db: Db, identity: Identity, id: string, query: QueryExecutionGetQuery): Promise<QueryExecution> {
  const records = ([['map', query.mapId], ['insight', query.insightId], ['workbook', query.workbookId]] as const).filter(([, value]) => value !== undefined);
  if (records.length > 1) throw badRequest('Give at most one of mapId, insightId and workbookId');
  const execution = await repo.findExecution(db, id);
  if (records.length === 1) {
    const [kind, recordId] = records[0]!;
    await checkAccess(db, identity, kind, recordId!, 'read');
    if (!execution || execution.recordId !== recordId) throw executionNotFound(id);
  } else if (!execution || execution.ownerId !== identity.userId) {
    throw executionNotFound(id);
  }
  const { organizationId: _organizationId, ...record } = execution;
  return record;
}

/** GET /v1/{maps|insights|dashboards|workbooks}/{id}/query-executions/{execId}. */
export async function getRecordExecution(db: Db, identity: Identity, kind: RecordKind, recordId: string, executionId: string): Promise<QueryExecution> {
  await checkAccess(db, identity, kind, recordId, 'read');
  const execution = await repo.findExecution(db, executionId);
  if (!execution || execution.recordId !== recordId) throw executionNotFound(executionId);
  const { organizationId: _organizationId, ...record } = execution;
  return record;
}

/** GET /v1/{maps|…}/{id}/query-executions/templates/{templateId}: the newest run of that template for the record. */
export async function latestRecordTemplateExecution(db: Db, identity: Identity, kind: RecordKind, recordId: string, templateId: string): Promise<QueryExecution> {
  await checkAccess(db, identity, kind, recordId, 'read');
  const execution = await repo.latestTemplateExecution(db, recordId, templateId);
  if (!execution) throw notFound('Query execution not found', `No execution of template ${templateId} for ${kind} ${recordId}`);
  return execution;
}
