import { labels } from '@atlas/analytics';
import type { AnalyticSetDefinition, Labels } from '@atlas/domain';
import type { ResultCache } from '../../cache/index.js';
import { assertAdministrator } from '../../http/access.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { effectiveDefinition, findDefinition } from '../bi-config/index.js';
import { ANALYTICS_TAG, organizationTag, setTag } from './cache-tags.js';
import { findPanelDatasets } from './repo.js';

/**
 * One analytic set, with the organization's configuration applied (bi-config), and its datasets resolved to the organization's panel dataset ids (the caller's organization,
 * or the impersonated one for administrators). Tables without a readable dataset are left out.
 */
export async function getAnalyticSet(db: Queryable, identity: Identity, id: string, impersonateOrganizationId?: string): Promise<AnalyticSetDefinition> {
  const impersonating = impersonateOrganizationId !== undefined;
  if (impersonating) assertAdministrator(identity, 'impersonateOrganizationId is for administrators only');
  const organizationId = impersonateOrganizationId ?? identity.organizationId;
  const definition = await effectiveDefinition(db, organizationId, findDefinition(id));
  const tables = [...new Set([...definition.datasets.production, ...definition.datasets.staging])];
  const found = await findPanelDatasets(db, identity, organizationId, tables, impersonating);
  const resolve = (names: string[]) => names.flatMap((name) => found.filter((row) => row.table === name).map((row) => row.id));
  // One panel serves both environments here, so staging resolves to the same datasets as production.
  return { ...definition, datasets: { production: resolve(definition.datasets.production), staging: resolve(definition.datasets.staging) } };
}

export const getLabels = (): Labels => labels();

/**
 * The invalidation calls (administrators): answers embed label names, so new labels drop every analytic answer;
 * a set's default configuration drops the set's answers for every organization; an organization's, only its own.
 */
export async function invalidate(cache: ResultCache, identity: Identity, scope: { labels: true } | { setId: string; organizationId?: string }): Promise<void> {
  assertAdministrator(identity, 'Cache invalidation is for administrators only');
  if ('labels' in scope) return cache.invalidateTag(ANALYTICS_TAG);
  const { id } = findDefinition(scope.setId);
  await cache.invalidateTag(scope.organizationId ? organizationTag(id, scope.organizationId) : setTag(id));
}
