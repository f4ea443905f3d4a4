// Reading executions: the caller's own, and those run for a record they can read (decided by http/access).
import { SQL_PAGING_DEFAULTS, type PagingQuery, type QueryExecution, type QueryExecutionGetQuery, type QueryExecutionList, type RecordKind } from '@atlas/domain';
import { checkAccess, checkExecutionAccess } from '../../http/access.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db } from '../../store/index.js';
import { executionRecords as repo } from '../execution/index.js';

export const listExecutions = (db: Db, identity: Identity, query: PagingQuery): Promise<QueryExecutionList> =>
  repo.listExecutions(db, identity, query.offset ?? SQL_PAGING_DEFAULTS.offset, query.limit ?? SQL_PAGING_DEFAULTS.limit);

/** An execution the caller may read; with mapId / insightId / workbookId, it must be one run for that record. */
export async function getExecution(db: Db, identity: Identity, id: string, query: QueryExecutionGetQuery): Promise<QueryExecution> {
  const records = ([['map', query.mapId], ['insight', query.insightId], ['workbook', query.workbookId]] as const).filter(([, value]) => value !== undefined);
  if (records.length > 1) throw badRequest('Give at most one of mapId, insightId and workbookId');
  if (records.length === 1) {
    const [kind, recordId] = records[0]!;
    return getRecordExecution(db, identity, kind, recordId!, id);
  }
  await checkExecutionAccess(db, identity, id);
  const { organizationId: _organizationId, ...record } = (await repo.findExecution(db, id))!;
  return record;
}

/** GET /v1/{maps|insights|dashboards|workbooks}/{id}/query-executions/{execId}. */
export async function getRecordExecution(db: Db, identity: Identity, kind: RecordKind, recordId: string, executionId: string): Promise<QueryExecution> {
  await checkExecutionAccess(db, identity, executionId, { kind, id: recordId });
  const { organizationId: _organizationId, ...record } = (await repo.findExecution(db, executionId))!;
  return record;
}

/** GET /v1/{maps|…}/{id}/query-executions/templates/{templateId}: the newest run of that template for the record. */
export async function latestRecordTemplateExecution(db: Db, identity: Identity, kind: RecordKind, recordId: string, templateId: string): Promise<QueryExecution> {
  await checkAccess(db, identity, kind, recordId, 'read');
  const execution = await repo.latestTemplateExecution(db, recordId, templateId);
  if (!execution) throw notFound('Query execution not found', `No execution of template ${templateId} for ${kind} ${recordId}`);
  return execution;
}
