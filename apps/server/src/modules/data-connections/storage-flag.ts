// Storage connections are an organization's choice: with storage-connectors-enabled off (docs/feature-flags.md) its
// members can neither create one nor browse or import through one, whatever the screens offer.
import { STORAGE_CONNECTION_TYPES } from '@atlas/domain';
import { forbidden } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { getFeatureFlags } from '../organizations/repo.js';

export const storageNotEnabled = () =>
  forbidden('Storage connectors are not enabled for your organization', 'An administrator turns on storage-connectors-enabled in the console');

export async function assertStorageEnabled(db: Queryable, identity: Identity, type: string): Promise<void> {
  if (!(STORAGE_CONNECTION_TYPES as readonly string[]).includes(type)) return;
  if (!(await getFeatureFlags(db, identity.organizationId))['storage-connectors-enabled']) throw storageNotEnabled();
}
