import { randomUUID } from 'node:crypto';
import {
  THUMBNAIL_MAX_BYTES,
  type CreateProjectRequest,
  type Project,
  type ProjectListQuery,
  type ProjectThumbnailPolicy,
  type ThumbnailRequest,
  type UpdateProjectRequest,
} from '@atlas/domain';
import type { BlobStore } from '../../blobs/types.js';
import type { PolicyIssuer } from '../uploads/policy-origin.js';
import { assertCanCreate, checkAccess, forgetResource, oneWithCallerActions, withCallerActions } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import * as repo from './repo.js';

/** The project's answer for the caller. Only called once the access check has found the project. */
const loadProject = async (db: Queryable, identity: Identity, id: string): Promise<Project> =>
  oneWithCallerActions(db, identity, 'project', (await repo.findProject(db, id))!);

const thumbnailKey = (id: string) => `thumbnails/project/${id}`;

export async function listProjects(db: Db, identity: Identity, scope: repo.ProjectScope, query: ProjectListQuery) {
  const { items, total } = await repo.listProjects(db, identity, scope, query);
  return { items: await withCallerActions(db, identity, 'project', items), total };
}

export async function getProject(db: Db, identity: Identity, id: string): Promise<Project> {
  await checkAccess(db, identity, 'project', id, 'read');
  return loadProject(db, identity, id);
}

export async function createProject(db: Db, identity: Identity, request: CreateProjectRequest): Promise<Project> {
  assertCanCreate(identity, 'projects');
  const id = randomUUID();
  return db.transaction(async (tx) => {
    await repo.insertProject(tx, { id, ownerId: identity.userId, organizationId: identity.organizationId, name: request.name, description: request.description ?? '' });
    return loadProject(tx, identity, id);
  });
}

export async function updateProject(db: Db, identity: Identity, id: string, request: UpdateProjectRequest): Promise<Project> {
  return db.transaction(async (tx) => {
    await checkAccess(tx, identity, 'project', id, 'write');
    await repo.updateProject(tx, id, request);
    return loadProject(tx, identity, id);
  });
}

/** Folders and entries go with the project (cascade); the thumbnail file is removed after the commit. */
export async function deleteProject(db: Db, blobs: BlobStore, identity: Identity, id: string): Promise<void> {
  const key = await db.transaction(async (tx) => {
    await checkAccess(tx, identity, 'project', id, 'delete');
    const thumbnail = await repo.findThumbnailKey(tx, id);
    await forgetResource(tx, 'project', id);
    await repo.deleteProject(tx, id);
    return thumbnail;
  });
  // A leftover file is harmless and unreachable; the deletion itself has succeeded.
  if (key) await blobs.delete(key).catch(() => undefined);
}

export async function requestThumbnailUpload(db: Db, blobs: PolicyIssuer, identity: Identity, id: string, request: ThumbnailRequest): Promise<ProjectThumbnailPolicy> {
  await checkAccess(db, identity, 'project', id, 'write');
  const key = thumbnailKey(id);
  const issuedTo = { userId: identity.userId, resourceType: 'project' as const, resourceId: id };
  const policy = await blobs.createUploadPolicy({ key, contentType: request.contentType, maxBytes: THUMBNAIL_MAX_BYTES, issuedTo });
  await repo.setThumbnail(db, id, key, request.contentType);
  return { thumbnailSignedPostPolicy: policy };
}

export async function readThumbnail(db: Db, blobs: BlobStore, identity: Identity, id: string) {
  await checkAccess(db, identity, 'project', id, 'read');
  const key = await repo.findThumbnailKey(db, id);
  const blob = key ? await blobs.read(key) : null;
  if (!blob) throw notFound('Thumbnail not found', `Project ${id} has no uploaded thumbnail`);
  return blob;
}
