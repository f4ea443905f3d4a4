import { ANALYTIC_SETS, labels } from '@atlas/analytics';
import type { AnalyticSetDefinition, Labels } from '@atlas/domain';
import { assertAdministrator } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { findPanelDatasets } from './repo.js';

/**
 * One analytic set with its datasets resolved to the organization's panel dataset ids (the caller's organization,
 * or the impersonated one for administrators). Tables without a readable dataset are left out.
 */
export async function getAnalyticSet(db: Queryable, identity: Identity, id: string, impersonateOrganizationId?: string): Promise<AnalyticSetDefinition> {
  const impersonating = impersonateOrganizationId !== undefined;
  if (impersonating) assertAdministrator(identity, 'impersonateOrganizationId is for administrators only');
  const definition = Object.hasOwn(ANALYTIC_SETS, id) ? ANALYTIC_SETS[id as keyof typeof ANALYTIC_SETS] : undefined;
  if (!definition) throw notFound('Analytic set not found', `No analytic set ${id}`);
  const tables = [...new Set([...definition.datasets.production, ...definition.datasets.staging])];
  const found = await findPanelDatasets(db, identity, impersonateOrganizationId ?? identity.organizationId, tables, impersonating);
  const resolve = (names: string[]) => names.flatMap((name) => found.filter((row) => row.table === name).map((row) => row.id));
  // One panel serves both environments here, so staging resolves to the same datasets as production.
  return { ...definition, datasets: { production: resolve(definition.datasets.production), staging: resolve(definition.datasets.staging) } };
}

export const getLabels = (): Labels => labels();
