import { randomUUID } from 'node:crypto';
import {
  DATASET_METADATA_MAX_BYTES,
  type CreateDatasetRequest,
  type Dataset,
  type DatasetListQuery,
  type DatasetMapList,
  type DatasetMetadata,
  type DatasetSearchQuery,
  type PublicDatasetList,
  type UpdateDatasetRequest,
} from '@atlas/domain';
import { assertAdminMode, assertCanCreate, checkAccess, checkReference, forgetResource, withCallerActions } from '../../http/access.js';
import { forbidden, invalidInput } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Engine } from '../../engine/types.js';
import type { Db, Queryable } from '../../store/index.js';
import { transferOwnership } from '../records/ownership.js';
import { assertQuota } from '../quota/service.js';
import { cloneData } from './data-service.js';
import { presentDataset } from './present.js';
import * as repo from './repo.js';

function assertMetadataSize(metadata: DatasetMetadata | undefined): void {
  if (metadata === undefined) return;
  const bytes = Buffer.byteLength(JSON.stringify(metadata));
  if (bytes > DATASET_METADATA_MAX_BYTES) {
    throw invalidInput('Dataset metadata is too large', `${bytes} bytes; at most ${DATASET_METADATA_MAX_BYTES}`);
  }
}

export async function listDatasets(db: Db, identity: Identity, scope: repo.DatasetScope, query: DatasetListQuery) {
  const { items, total } = await repo.listDatasets(db, identity, scope, query);
  return { items: await withCallerActions(db, identity, 'dataset', items), total };
}

export async function getDataset(db: Db, identity: Identity, id: string, isAdmin?: boolean): Promise<Dataset> {
  await checkAccess(db, identity, 'dataset', id, 'read', { isAdmin });
  return presentDataset(db, identity, id, isAdmin === true);
}

export async function createDataset(db: Db, identity: Identity, request: CreateDatasetRequest): Promise<Dataset> {
  assertCanCreate(identity, 'datasets');
  assertMetadataSize(request.metadata);
  const id = randomUUID();
  return db.transaction(async (tx) => {
    await assertQuota(tx, identity, 'datasets');
    await checkReference(tx, identity, 'data-connection', request.dataConnectionId);
    await repo.insertDataset(tx, {
      id,
      ownerId: identity.userId,
      organizationId: identity.organizationId,
      name: request.name,
      description: request.description ?? '',
      type: request.type ?? 'managed',
      metadata: request.metadata ?? {},
      status: 'new',
      errorMessage: null,
      dataConnectionId: request.dataConnectionId ?? null,
    });
    return presentDataset(tx, identity, id);
  });
}

/** Owner transfer (ownerId) is admin mode only, to a maker of the dataset's organization (modules/records/ownership.ts). */
export async function updateDataset(db: Db, identity: Identity, id: string, request: UpdateDatasetRequest, isAdmin?: boolean): Promise<Dataset> {
  const adminMode = assertAdminMode(identity, isAdmin);
  if (request.ownerId !== undefined && !adminMode) {
    throw forbidden('Changing the owner needs admin mode', 'Send isAdmin=true as an administrator');
  }
  assertMetadataSize(request.metadata);
  return db.transaction(async (tx) => {
    await checkAccess(tx, identity, 'dataset', id, 'write', { isAdmin });
    if (request.ownerId !== undefined) await transferOwnership(tx, identity, 'dataset', id, request.ownerId);
    await repo.updateDataset(tx, id, { name: request.name, description: request.description, type: request.type, metadata: request.metadata });
    return presentDataset(tx, identity, id, adminMode);
  });
}

/**
 * A private copy owned by the caller, with a copy of the data; tags (of the source's organization) and sharing are
 * not copied. The copy's files are removed again when the transaction does not commit.
 */
export async function cloneDataset(db: Db, engine: Engine, identity: Identity, id: string): Promise<Dataset> {
  assertCanCreate(identity, 'datasets');
  const copyId = randomUUID();
  try {
    return await cloneRecord(db, engine, identity, id, copyId);
  } catch (error) {
    await engine.deleteData(copyId);
    throw error;
  }
}

function cloneRecord(db: Db, engine: Engine, identity: Identity, id: string, copyId: string): Promise<Dataset> {
  return db.transaction(async (tx) => {
    await checkAccess(tx, identity, 'dataset', id, 'copy');
    await assertQuota(tx, identity, 'datasets');
    const source = (await repo.findDataset(tx, id))!;
    await repo.insertDataset(tx, {
      id: copyId,
      ownerId: identity.userId,
      organizationId: identity.organizationId,
      name: `${source.name} (copy)`,
      description: source.description,
      type: source.type,
      metadata: source.metadata,
      // A load in progress is not the copy's: without data it starts new.
      status: source.status === 'pending' ? 'new' : source.status,
      errorMessage: source.status === 'pending' ? null : source.errorMessage,
      dataConnectionId: source.dataConnection?.id ?? null,
    });
    await cloneData(tx, engine, identity, source, copyId);
    return presentDataset(tx, identity, copyId);
  });
}

/** Deletes the dataset, then (once that committed) its data files. */
export async function deleteDataset(db: Db, engine: Engine, identity: Identity, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await checkAccess(tx, identity, 'dataset', id, 'delete');
    await forgetResource(tx, 'dataset', id);
    await repo.deleteDataset(tx, id);
  });
  await engine.deleteData(id);
}

export async function listDatasetMaps(db: Db, identity: Identity, id: string): Promise<DatasetMapList> {
  await checkAccess(db, identity, 'dataset', id, 'read');
  return repo.listDatasetMaps(db, identity, id);
}

export const searchPublicDatasets = (db: Db, query: DatasetSearchQuery): Promise<PublicDatasetList> =>
  repo.searchPublicDatasets(db, { query: query.query, limit: query.limit ?? 20, offset: query.offset ?? 0 });
