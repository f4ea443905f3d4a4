import { randomUUID } from 'node:crypto';
import {
  type BookmarkQuery,
  type CreateQueryBookmarkRequest,
  type QueryBookmark,
  type QueryBookmarkList,
  type TaggedPagingQuery,
  type UpdateQueryBookmarkRequest,
} from '@atlas/domain';
import { serialize } from '@atlas/pipeline';
import { assertCanCreate, checkAccess, checkReference, forgetResource, oneWithCallerActions, withCallerActions } from '../../http/access.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import { pipelineDatasets, readPipeline } from '../execution/index.js';
import * as repo from './bookmarks-repo.js';
import { listPage } from './list-page.js';

/**
 * A bookmark names a template the caller can read (and a dataset they can read), or holds a valid pipeline over
 * datasets they can read; pipelines are stored in their canonical form.
 */
async function checkQuery(db: Queryable, identity: Identity, query: BookmarkQuery): Promise<BookmarkQuery> {
  if ('pipeline' in query) {
    const node = readPipeline(query.pipeline);
    for (const id of pipelineDatasets(node)) await checkReference(db, identity, 'dataset', id);
    return { pipeline: serialize(node) as unknown as Record<string, unknown> };
  }
  await checkReference(db, identity, 'query-template', query.queryTemplateId);
  await checkReference(db, identity, 'dataset', query.datasetId);
  return query;
}

export async function createBookmark(db: Db, identity: Identity, request: CreateQueryBookmarkRequest): Promise<QueryBookmark> {
  assertCanCreate(identity, 'query bookmarks');
  const query = await checkQuery(db, identity, request.query);
  const bookmark = await repo.insertBookmark(db, {
    id: randomUUID(),
    organizationId: identity.organizationId,
    ownerId: identity.userId,
    name: request.name,
    description: request.description ?? '',
    query,
  });
  return oneWithCallerActions(db, identity, 'query-bookmark', bookmark);
}

export async function getBookmark(db: Db, identity: Identity, id: string): Promise<QueryBookmark> {
  await checkAccess(db, identity, 'query-bookmark', id, 'read');
  return oneWithCallerActions(db, identity, 'query-bookmark', (await repo.findBookmark(db, id))!);
}

export async function updateBookmark(db: Db, identity: Identity, id: string, request: UpdateQueryBookmarkRequest): Promise<QueryBookmark> {
  return db.transaction(async (tx) => {
    await checkAccess(tx, identity, 'query-bookmark', id, 'write');
    const current = (await repo.findBookmark(tx, id))!;
    const updated = await repo.updateBookmark(tx, id, {
      name: request.name ?? current.name,
      description: request.description ?? current.description,
      query: request.query ? await checkQuery(tx, identity, request.query) : current.query,
    });
    return oneWithCallerActions(tx, identity, 'query-bookmark', updated);
  });
}

export async function deleteBookmark(db: Db, identity: Identity, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await checkAccess(tx, identity, 'query-bookmark', id, 'delete');
    await forgetResource(tx, 'query-bookmark', id);
    await repo.deleteBookmark(tx, id);
  });
}

export async function listBookmarks(db: Db, identity: Identity, scope: 'owned' | 'organization', query: TaggedPagingQuery): Promise<QueryBookmarkList> {
  const { items, total } = await repo.listBookmarks(db, identity, scope, listPage(query));
  return { items: await withCallerActions(db, identity, 'query-bookmark', items), total };
}
