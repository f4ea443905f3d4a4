import type { PublishedList } from '@atlas/domain';
import { assertAdministrator } from '../../http/access.js';
import type { Identity } from '../../http/identity.js';
import type { Db } from '../../store/index.js';
import { Params } from '../../store/params.js';
import { listPublished } from '../publishing/repo.js';
import type { AdminPublishedQuery } from './schemas.js';

/** GET /v1/admin/maps/published: every organization's published maps (password-protected ones too), most viewed or newest first. */
export async function listAllPublishedMaps(db: Db, identity: Identity, query: AdminPublishedQuery): Promise<PublishedList> {
  assertAdministrator(identity);
  const params = new Params();
  const where = query.organizationId ? `r.organization_id = ${params.add(query.organizationId)}::uuid` : 'TRUE';
  return listPublished(db, 'map', where, params, { limit: query.count, offset: query.offset, sortBy: query.sortBy });
}
