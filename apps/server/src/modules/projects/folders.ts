import { randomUUID } from 'node:crypto';
import type { CreateProjectFolderRequest, ProjectFolder, UpdateProjectFolderRequest } from '@atlas/domain';
import { checkAccess } from '../../http/access.js';
import { invalidInput, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import * as repo from './repo.js';

export async function findFolderOrFail(db: Queryable, projectId: string, folderId: string): Promise<ProjectFolder> {
  const folder = await repo.findFolder(db, projectId, folderId);
  if (!folder) throw notFound('Folder not found', `No folder ${folderId} in project ${projectId}`);
  return folder;
}

/** A folder named in a body must belong to the project (422 otherwise: the request, not the URL, is wrong). */
export async function assertFolderInProject(db: Queryable, projectId: string, folderId: string | null | undefined): Promise<void> {
  if (!folderId) return;
  if (!(await repo.findFolder(db, projectId, folderId))) throw invalidInput('Folder is not in this project', `No folder ${folderId} in project ${projectId}`);
}

export async function createFolder(db: Db, identity: Identity, projectId: string, request: CreateProjectFolderRequest): Promise<ProjectFolder> {
  return db.transaction(async (tx) => {
    await checkAccess(tx, identity, 'project', projectId, 'write');
    await repo.touchProject(tx, projectId);
    await assertFolderInProject(tx, projectId, request.parentId);
    return repo.insertFolder(tx, { id: randomUUID(), projectId, name: request.name, parentId: request.parentId ?? null });
  });
}

export async function updateFolder(db: Db, identity: Identity, projectId: string, folderId: string, request: UpdateProjectFolderRequest): Promise<ProjectFolder> {
  return db.transaction(async (tx) => {
    await checkAccess(tx, identity, 'project', projectId, 'write');
    // Taking the project row first serializes concurrent moves, so two moves cannot build a cycle together.
    await repo.touchProject(tx, projectId);
    await findFolderOrFail(tx, projectId, folderId);
    if (request.parentId) {
      await assertFolderInProject(tx, projectId, request.parentId);
      if (await repo.isSelfOrAncestor(tx, folderId, request.parentId)) {
        throw invalidInput('A folder cannot move into itself or one of its subfolders', `Folder ${folderId} is ${request.parentId} or one of its parents`);
      }
    }
    return repo.updateFolder(tx, folderId, request);
  });
}

export async function deleteFolder(db: Db, identity: Identity, projectId: string, folderId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await checkAccess(tx, identity, 'project', projectId, 'write');
    await repo.touchProject(tx, projectId);
    if (!(await repo.deleteFolder(tx, projectId, folderId))) throw notFound('Folder not found', `No folder ${folderId} in project ${projectId}`);
  });
}
