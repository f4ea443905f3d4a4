import { RECORD_KIND_PATHS, type CatalogueRecord, type RecordKind, type RecordMapAssetRef, type RecordMapAssets } from '@atlas/domain';
import { callerActions } from '../../http/access.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { iso } from '../../store/rows.js';
import { readLocks } from '../locks/service.js';
import { findLatestStates } from '../states/repo.js';
import * as details from './details-repo.js';
import type { RecordRow } from './repo.js';

export const thumbnailPath = (kind: RecordKind, id: string) => `${RECORD_KIND_PATHS[kind]}/${id}/thumbnail`;

function splitAssets(assets: RecordMapAssetRef[] = []): RecordMapAssets {
  return {
    mapStyles: assets.filter((asset) => asset.type === 'map-style'),
    colorPalettes: assets.filter((asset) => asset.type === 'color-palette'),
    models: assets.filter((asset) => asset.type === '3d-model'),
  };
}

/**
 * Builds the JSON of a page of records of one kind as `identity` may see it (admin mode: as an administrator sees
 * everything): one query per linked part, whatever the page size. Linked items go through the access check and their own presenter.
 */
export async function presentRecords(db: Queryable, identity: Identity, kind: RecordKind, rows: readonly RecordRow[], adminMode = false): Promise<CatalogueRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [actions, datasets, assets, states, locks, tags, publications] = await Promise.all([
    callerActions(db, identity, kind, ids, adminMode),
    details.findDatasets(db, identity, ids, adminMode),
    details.findMapAssets(db, identity, ids, adminMode),
    findLatestStates(db, ids),
    readLocks(db, kind, ids),
    details.findTags(db, kind, ids),
    kind === 'workbook' ? Promise.resolve(new Map<string, details.Publication>()) : details.findPublications(db, kind, ids),
  ]);
  return rows.map((row) => {
    const publication = publications.get(row.id);
    const record: CatalogueRecord = {
      id: row.id,
      name: row.name,
      description: row.description,
      metadata: row.metadata,
      ownerId: row.owner_id,
      owner: row.owner,
      organizationId: row.organization_id,
      visibility: row.visibility,
      actions: actions.get(row.id) ?? [],
      datasets: datasets.get(row.id) ?? [],
      mapAssets: splitAssets(assets.get(row.id)),
      latestState: states.get(row.id) ?? null,
      lock: locks.get(row.id) ?? null,
      thumbnailUrl: row.thumbnail_key ? thumbnailPath(kind, row.id) : null,
      previewSignedPostPolicy: null,
      tags: tags.get(row.id) ?? [],
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    };
    if (kind === 'map') {
      record.latestPublishedMap = publication?.published ?? null;
      record.featuredMap = publication?.featured ?? null;
    }
    if (kind === 'insight') record.latestPublishedInsight = publication?.published ?? null;
    return record;
  });
}
