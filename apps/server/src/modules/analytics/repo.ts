import type { Identity } from '../../http/identity.js';
import { readableFilter } from '../../http/access.js';
import type { Queryable } from '../../store/index.js';
import { Params } from '../../store/params.js';

/** The organization's panel datasets the caller may read, as (panel table, id), oldest first. */
export async function findPanelDatasets(
  db: Queryable,
  identity: Identity,
  organizationId: string,
  tables: readonly string[],
  adminMode: boolean,
): Promise<Array<{ table: string; id: string }>> {
  const params = new Params([organizationId, [...tables]]);
  return db.queryRemembered<{ table: string; id: string }>(
    `SELECT d.metadata->>'panelTable' AS table, d.id
     FROM datasets d
     WHERE d.organization_id = $1 AND d.metadata->>'panelTable' = ANY($2::text[])
       AND ${readableFilter(identity, 'dataset', 'd', params, adminMode)}
     ORDER BY d.created_at, d.id`,
    params.values,
  );
}
