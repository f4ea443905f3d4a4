import type { Visibility } from '@atlas/domain';
import { assertAdministrator, resourceLabel } from '../../http/access.js';
import { conflict, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import type { VisibilityParams, VisibilityResult } from './schemas.js';

/**
 * PUT /v1/admin/{resourceType}/{id}/update-visibility {privacy}: an administrator sets who can see a resource.
 * - dataset, map: the resource's visibility (private, or public_read: everyone may read it); grants stay.
 * - sharedMap (id of a map): its whole sharing; private also withdraws every grant, public_read is as for map.
 * - publishedMap (id of the publication, or of its map): private takes it off its public link and out of the featured
 *   maps, keeping the snapshot; public_read puts the snapshot back. A map never published has nothing to show (409).
 */
export async function updateVisibility(db: Db, identity: Identity, { resourceType, id }: VisibilityParams, privacy: Visibility): Promise<VisibilityResult> {
  assertAdministrator(identity);
  return db.transaction(async (tx) => {
    switch (resourceType) {
      case 'dataset':
        await setResourceVisibility(tx, 'dataset', id, privacy);
        return { resourceType, id, privacy, revokedGrants: 0 };
      case 'map':
        await setResourceVisibility(tx, 'map', id, privacy);
        return { resourceType, id, privacy, revokedGrants: 0 };
      case 'sharedMap': {
        await setResourceVisibility(tx, 'map', id, privacy);
        const revoked = privacy === 'private' ? await tx.query("DELETE FROM permissions WHERE resource_type = 'map' AND resource_id = $1 RETURNING id", [id]) : [];
        return { resourceType, id, privacy, revokedGrants: revoked.length };
      }
      case 'publishedMap':
        return { resourceType, id: await setPublicationVisibility(tx, id, privacy), privacy, revokedGrants: 0 };
    }
  });
}

async function setResourceVisibility(tx: Queryable, type: 'dataset' | 'map', id: string, privacy: Visibility): Promise<void> {
  const rows =
    type === 'dataset'
      ? await tx.query('UPDATE datasets SET visibility = $2, updated_at = now() WHERE id = $1 RETURNING id', [id, privacy])
      : await tx.query("UPDATE records SET visibility = $2, updated_at = now() WHERE id = $1 AND kind = 'map' RETURNING id", [id, privacy]);
  if (!rows.length) throw notFound(`${resourceLabel(type)} not found`, `No ${type} with id ${id}`);
}

/** A hidden publication is pending again: its public link answers 404 until it is shown or its owner publishes it anew. */
async function setPublicationVisibility(tx: Queryable, id: string, privacy: Visibility): Promise<string> {
  const rows = await tx.query<{ id: string; status: string; published_at: Date | null }>(
    `SELECT p.id, p.status, p.published_at FROM published_items p JOIN records r ON r.id = p.resource_id AND r.kind = p.resource_type
     WHERE p.resource_type = 'map' AND (p.id = $1 OR p.resource_id = $1) FOR UPDATE OF p`,
    [id],
  );
  const row = rows[0];
  if (!row) throw notFound('Published map not found', `No published map with id ${id}`);
  if (privacy === 'private') {
    await tx.query("UPDATE published_items SET status = 'pending', updated_at = now() WHERE id = $1", [row.id]);
    await tx.query('DELETE FROM featured_maps WHERE published_id = $1', [row.id]);
  } else {
    if (row.published_at === null) throw conflict('The map was never published', 'Its owner publishes it first; there is no snapshot to show');
    await tx.query("UPDATE published_items SET status = 'published', updated_at = now() WHERE id = $1", [row.id]);
  }
  return row.id;
}
