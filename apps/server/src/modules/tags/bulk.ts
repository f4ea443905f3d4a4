import type { BulkTagRequest, BulkTagResponse, BulkTagResult, BulkUntagRequest, TaggedResource } from '@atlas/domain';
import { AppError } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import * as repo from './repo.js';
import { assertCanTag, normalizeColor, tagNotFound } from './service.js';

/**
 * Each resource in its own transaction: one the caller may not tag (no access, unsupported type) is reported
 * in its result and the others go on (workspace-and-catalogue.md §8: batch tagging reports per-resource errors).
 * Failures that are not the caller's (database down) still fail the whole call.
 */
async function eachResource(db: Db, resources: readonly TaggedResource[], apply: (tx: Queryable, resource: TaggedResource) => Promise<void>): Promise<BulkTagResponse> {
  const results: BulkTagResult[] = [];
  for (const resource of resources) {
    try {
      await db.transaction((tx) => apply(tx, resource));
      results.push({ ...resource, ok: true });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ ...resource, ok: false, error: { message: error.message, appStatusCode: error.appStatusCode, ...(error.details ? { details: error.details } : {}) } });
    }
  }
  return { results };
}

/** Tags every resource with every tag, creating tags whose name is new in the organization. */
export async function bulkTag(db: Db, identity: Identity, request: BulkTagRequest): Promise<BulkTagResponse> {
  // One tag per name (ignoring case): the first spelling and color sent win.
  const byName = new Map<string, (typeof request.tags)[number]>();
  for (const tag of request.tags) if (!byName.has(tag.name.toLowerCase())) byName.set(tag.name.toLowerCase(), tag);
  const unique = [...byName.values()];
  return eachResource(db, request.resources, async (tx, { resourceType, resourceId }) => {
    await assertCanTag(tx, identity, resourceType, resourceId);
    for (const { name, color } of unique) {
      const tag = await repo.findOrCreateTag(tx, identity, name, normalizeColor(color));
      await repo.attachTag(tx, tag.id, resourceType, resourceId);
    }
  });
}

/** Detaches the organization's tags `tagIds` from every resource; detaching a tag that is not there is no error. */
export async function bulkUntag(db: Db, identity: Identity, request: BulkUntagRequest): Promise<BulkTagResponse> {
  const tagIds = [...new Set(request.tagIds)];
  const found = new Set((await repo.findTags(db, identity, tagIds)).map((tag) => tag.id));
  const missing = tagIds.find((id) => !found.has(id));
  if (missing) throw tagNotFound(missing);
  return eachResource(db, request.resources, async (tx, { resourceType, resourceId }) => {
    await assertCanTag(tx, identity, resourceType, resourceId);
    await repo.detachTags(tx, tagIds, resourceType, resourceId);
  });
}
