import { randomUUID } from 'node:crypto';
import type { CreateQueryTemplateRequest, PagingQuery, QueryTemplate, QueryTemplateHistory, QueryTemplateList, TaggedPagingQuery, UpdateQueryTemplateRequest } from '@atlas/domain';
import { assertCanCreate, checkAccess, checkReference, forgetResource, oneWithCallerActions, withCallerActions } from '../../http/access.js';
import type { Db } from '../../store/index.js';
import type { Identity } from '../../http/identity.js';
import { listPage } from './list-page.js';
import * as repo from './templates-repo.js';
import { checkTemplate } from './template.js';

export async function createTemplate(db: Db, identity: Identity, request: CreateQueryTemplateRequest): Promise<QueryTemplate> {
  assertCanCreate(identity, 'query templates');
  const parameters = request.parameters ?? [];
  checkTemplate(request.template, parameters);
  // A template may name a dataset the author can read.
  await checkReference(db, identity, 'dataset', request.datasetId);
  return db.transaction(async (tx) =>
    oneWithCallerActions(tx, identity, 'query-template', await repo.insertTemplate(tx, {
      id: randomUUID(),
      organizationId: identity.organizationId,
      ownerId: identity.userId,
      name: request.name,
      description: request.description ?? '',
      template: request.template,
      parameters,
      datasetId: request.datasetId ?? null,
    })),
  );
}

export async function getTemplate(db: Db, identity: Identity, id: string): Promise<QueryTemplate> {
  await checkAccess(db, identity, 'query-template', id, 'read');
  return oneWithCallerActions(db, identity, 'query-template', (await repo.findTemplate(db, id))!);
}

export async function updateTemplate(db: Db, identity: Identity, id: string, request: UpdateQueryTemplateRequest): Promise<QueryTemplate> {
  return db.transaction(async (tx) => {
    await checkAccess(tx, identity, 'query-template', id, 'write');
    const current = (await repo.findTemplate(tx, id))!;
    const next: repo.TemplateContent = {
      name: request.name ?? current.name,
      description: request.description ?? current.description,
      template: request.template ?? current.template,
      parameters: request.parameters ?? current.parameters,
      datasetId: request.datasetId === undefined ? current.datasetId : request.datasetId,
    };
    checkTemplate(next.template, next.parameters);
    await checkReference(tx, identity, 'dataset', request.datasetId);
    return oneWithCallerActions(tx, identity, 'query-template', await repo.updateTemplate(tx, id, identity.userId, next));
  });
}

export async function deleteTemplate(db: Db, identity: Identity, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await checkAccess(tx, identity, 'query-template', id, 'delete');
    await forgetResource(tx, 'query-template', id);
    await repo.deleteTemplate(tx, id);
  });
}

export async function listTemplates(db: Db, identity: Identity, query: TaggedPagingQuery): Promise<QueryTemplateList> {
  const { items, total } = await repo.listTemplates(db, identity, listPage(query));
  return { items: await withCallerActions(db, identity, 'query-template', items), total };
}

export async function templateHistory(db: Db, identity: Identity, id: string, query: PagingQuery): Promise<QueryTemplateHistory> {
  await checkAccess(db, identity, 'query-template', id, 'read');
  const { offset, limit } = listPage(query);
  return repo.listVersions(db, id, offset, limit);
}
