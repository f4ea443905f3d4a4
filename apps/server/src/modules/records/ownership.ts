import { assertAdministrator, resourceLabel, resourceTable } from '../../http/access.js';
import { invalidInput } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { assertQuota } from '../quota/service.js';
import { findIdentity } from '../users/repo.js';

/** What `PUT /v1/maps|insights|workbooks|datasets/{id}?isAdmin=true {ownerId}` can hand over. */
export type OwnedType = 'map' | 'insight' | 'workbook' | 'dataset';

const QUOTA_OF: Record<OwnedType, 'maps' | 'insights' | 'workbooks' | 'datasets'> = { map: 'maps', insight: 'insights', workbook: 'workbooks', dataset: 'datasets' };
const MEGABYTE = 1024 * 1024;

interface OwnedRow {
  owner_id: string;
  organization_id: string;
  size_bytes: string | number | null;
}

/**
 * Hands a resource to another member of its organization, inside the caller's transaction (after their admin-mode
 * access check). The new owner must hold a maker seat there and have room in their quota, as if they had made it.
 * Grants stay with the resource (its sharing does not change); a grant to the new owner becomes redundant and goes.
 * A lock the previous owner holds passes to the new owner with its expiry; someone else's lock stays theirs.
 * Answers false when the resource already had that owner (nothing changes).
 */
export async function transferOwnership(tx: Queryable, identity: Identity, type: OwnedType, id: string, newOwnerId: string): Promise<boolean> {
  assertAdministrator(identity, 'Changing the owner is for administrators only');
  const row = await lockResource(tx, type, id);
  if (row.owner_id === newOwnerId) return false;
  const target = await findIdentity(tx, newOwnerId);
  if (!target) throw invalidInput('New owner not found', `No user with id ${newOwnerId}`);
  const label = resourceLabel(type).toLowerCase();
  if (target.organizationId !== row.organization_id) {
    throw invalidInput('The new owner is not a member of the organization', `User ${newOwnerId} is not in the organization of ${label} ${id}`);
  }
  if (target.seat !== 'maker') throw invalidInput('The new owner needs a maker seat', `User ${newOwnerId} has a viewer seat, which cannot edit what it owns`);
  await assertQuota(tx, target, QUOTA_OF[type]);
  if (type === 'dataset' && Number(row.size_bytes ?? 0) > 0) await assertQuota(tx, target, 'storageMegabytes', Math.ceil(Number(row.size_bytes) / MEGABYTE));
  await tx.query(`UPDATE ${resourceTable(type)} SET owner_id = $2, updated_at = now() WHERE id = $1`, [id, newOwnerId]);
  await tx.query(`DELETE FROM permissions WHERE resource_type = $1 AND resource_id = $2 AND grantee_type = 'user' AND grantee_id = $3`, [type, id, newOwnerId]);
  await tx.query('UPDATE locks SET owner_id = $3 WHERE resource_type = $1 AND resource_id = $2 AND owner_id = $4', [type, id, newOwnerId, row.owner_id]);
  return true;
}

/** The resource's row, locked until the transaction ends so two transfers take turns. Callers checked it exists. */
async function lockResource(tx: Queryable, type: OwnedType, id: string): Promise<OwnedRow> {
  // Storage counts a dataset's current data version, as the storage quota does (metadata.sizeBytes).
  const size = type === 'dataset' ? `CASE WHEN jsonb_typeof(r.metadata->'sizeBytes') = 'number' THEN (r.metadata->>'sizeBytes')::numeric END` : 'NULL';
  const kind = type === 'dataset' ? '' : ' AND r.kind = $2';
  const rows = await tx.query<OwnedRow>(
    `SELECT r.owner_id, r.organization_id, ${size} AS size_bytes FROM ${resourceTable(type)} r WHERE r.id = $1${kind} FOR UPDATE`,
    type === 'dataset' ? [id] : [id, type],
  );
  if (!rows[0]) throw new Error(`${type} ${id} vanished after its access check`);
  return rows[0];
}
