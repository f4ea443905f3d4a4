import { randomUUID } from 'node:crypto';
import {
  AppStatusCode,
  Messages,
  type MoveProjectResourceRequest,
  type ProjectResource,
  type ProjectResourceList,
  type ProjectResourceType,
  type SaveProjectResourceRequest,
} from '@atlas/domain';
import { checkAccess, checkReference, type AccessResourceType } from '../../http/access.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import { assertFolderInProject, findFolderOrFail } from './folders.js';
import * as repo from './resources-repo.js';
import { touchProject } from './repo.js';

const ACCESS_TYPES: Record<ProjectResourceType, AccessResourceType> = {
  map: 'map',
  dataset: 'dataset',
  insight: 'insight',
  'map-style': 'map-asset',
};

const entryNotFound = (projectId: string, entryId: string) => notFound('Project resource not found', `No resource ${entryId} in project ${projectId}`);

/** Filing a resource in a project needs read on it; a map style must be a map asset of type map-style. */
async function assertResourceReadable(tx: Queryable, identity: Identity, type: ProjectResourceType, id: string): Promise<void> {
  await checkReference(tx, identity, ACCESS_TYPES[type], id);
  if (type === 'map-style' && (await repo.findMapAssetType(tx, id)) !== 'map-style') throw badRequest(Messages.assetNotMapStyle, `Map asset ${id}`);
}

/** The spec's server error for any failed save; a duplicate entry is the caller's mistake (409). */
async function saving(values: repo.EntryValues, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw conflict('The resource is already in this project', `${values.resourceType} ${values.resourceId}`);
    throw new AppError(500, Messages.couldNotSaveProjectResource, AppStatusCode.InternalError);
  }
}

async function loadEntry(tx: Queryable, identity: Identity, projectId: string, entryId: string): Promise<ProjectResource> {
  const [entry] = await repo.listEntries(tx, identity, projectId, { entryId });
  if (!entry) throw entryNotFound(projectId, entryId);
  return entry;
}

export type ResourceListing = { all: true } | { folderId: string | null };

export async function listResources(db: Db, identity: Identity, projectId: string, listing: ResourceListing): Promise<ProjectResourceList> {
  await checkAccess(db, identity, 'project', projectId, 'read');
  if ('folderId' in listing && listing.folderId) await findFolderOrFail(db, projectId, listing.folderId);
  return { items: await repo.listEntries(db, identity, projectId, listing) };
}

/** The spec's rule: an entry without id is created, one with id is updated (moved, or pointed at another resource). */
export async function saveResource(db: Db, identity: Identity, projectId: string, request: SaveProjectResourceRequest): Promise<{ created: boolean; entry: ProjectResource }> {
  return db.transaction(async (tx) => {
    await checkAccess(tx, identity, 'project', projectId, 'write');
    await assertResourceReadable(tx, identity, request.resourceType, request.resourceId);
    await assertFolderInProject(tx, projectId, request.folderId);
    const values: repo.EntryValues = { folderId: request.folderId ?? null, resourceType: request.resourceType, resourceId: request.resourceId };
    const id = request.id ?? randomUUID();
    if (request.id) {
      if (!(await repo.entryExists(tx, projectId, request.id))) throw entryNotFound(projectId, request.id);
      await saving(values, () => repo.updateEntry(tx, id, values));
    } else {
      await saving(values, () => repo.insertEntry(tx, id, projectId, values));
    }
    await touchProject(tx, projectId);
    return { created: !request.id, entry: await loadEntry(tx, identity, projectId, id) };
  });
}

export async function moveResource(db: Db, identity: Identity, projectId: string, entryId: string, request: MoveProjectResourceRequest): Promise<ProjectResource> {
  return db.transaction(async (tx) => {
    await checkAccess(tx, identity, 'project', projectId, 'write');
    const entry = await loadEntry(tx, identity, projectId, entryId);
    await assertFolderInProject(tx, projectId, request.folderId);
    await saving({ folderId: request.folderId, resourceType: entry.resourceType, resourceId: entry.resource.id }, () => repo.moveEntry(tx, entryId, request.folderId));
    await touchProject(tx, projectId);
    return loadEntry(tx, identity, projectId, entryId);
  });
}

/** Removing an entry needs no read on its resource, so entries whose sharing ended can still be cleaned up. */
export async function removeResource(db: Db, identity: Identity, projectId: string, entryId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await checkAccess(tx, identity, 'project', projectId, 'write');
    if (!(await repo.deleteEntry(tx, projectId, entryId))) throw entryNotFound(projectId, entryId);
    await touchProject(tx, projectId);
  });
}
