// POST /v1/query/{templateGroupId}/template/{templateId}: validate the query-bar values, find the panel, run one view,
// keep the answer in the result cache until the panel's data or the set's configuration changes.
import { createHash } from 'node:crypto';
import { usedParameters, validateQueryValues, type AnalyticRow, type AnalyticSetDefinition } from '@atlas/domain';
import { resultCacheKey, type ResultCache } from '../../cache/index.js';
import type { Engine } from '../../engine/types.js';
import { assertAdministrator } from '../../http/access.js';
import { badRequest, invalidInput, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { ANALYTICS_TAG, organizationTag, setTag } from './cache-tags.js';
import { effectiveDefinition, findDefinition } from '../bi-config/index.js';
import { loadPanel } from './panel.js';
import { VIEWS, type View } from './views/index.js';

export const NO_DATA = 'No data for the selected parameters';
/** Answers stay valid until the panel data changes (new versions, new keys) or an invalidation drops them. */
const CACHE_TTL_MS = 24 * 3600_000;
/** A query waits this long for a rollup build, then answers 503 with the build's stage (the dashboards ask again). */
const ROLLUP_WAIT_MS = 15_000;


export interface QueryDeps {
  db: Queryable;
  engine: Engine;
  cache: ResultCache;
}

export interface AnalyticQueryOptions {
  impersonateOrganizationId?: string;
  /** An empty answer is an error (422) instead of no rows. */
  expectData?: boolean;
  /** Recompute even when a cached answer exists (request header cache-control: no-cache). */
  refresh?: boolean;
}

export interface AnalyticQueryAnswer {
  rows: AnalyticRow[];
  cache: 'hit' | 'miss';
}

export async function runQuery(
  { db, engine, cache }: QueryDeps,
  identity: Identity,
  setId: string,
  templateId: string,
  given: Record<string, unknown>,
  options: AnalyticQueryOptions = {},
): Promise<AnalyticQueryAnswer> {
  const impersonating = options.impersonateOrganizationId !== undefined;
  if (impersonating) assertAdministrator(identity, 'impersonateOrganizationId is for administrators only');
  const organizationId = options.impersonateOrganizationId ?? identity.organizationId;
  const definition = await effectiveDefinition(db, organizationId, findDefinition(setId));
  const { run } = viewOf(definition, templateId);
  const values = checkedValues(definition, templateId, given);
  const panel = await loadPanel(db, engine, identity, organizationId, impersonating, { waitMs: ROLLUP_WAIT_MS });

  const key = resultCacheKey(queryHash(definition.id, templateId, organizationId, values, given), panel.versions);
  const cached = options.refresh ? null : await cache.get(key);
  const rows = cached ? (JSON.parse(cached.bytes.toString('utf8')) as AnalyticRow[]) : await run(engine, panel.relations, values, given);
  if (!cached)
    await cache.set(key, Buffer.from(JSON.stringify(rows)), {
      expiresAt: new Date(Date.now() + CACHE_TTL_MS),
      tags: [...Object.keys(panel.versions), ANALYTICS_TAG, setTag(definition.id), organizationTag(definition.id, organizationId)],
    });
  if (options.expectData && rows.length === 0) throw invalidInput(NO_DATA, `${definition.id}/${templateId} answered no rows`);
  return { rows, cache: cached ? 'hit' : 'miss' };
}

function viewOf(definition: AnalyticSetDefinition, templateId: string): View {
  const views = VIEWS[definition.id];
  const run = views && Object.hasOwn(views, templateId) ? views[templateId] : undefined;
  if (!run) throw notFound('Query template not found', `No template ${templateId} in analytic set ${definition.id}`);
  return run;
}

/**
 * The request's values checked against the set (every problem in details): the parameters the view uses must be given
 * when required; absent ones are filled with defaults.
 */
function checkedValues(definition: AnalyticSetDefinition, templateId: string, given: Record<string, unknown>): Record<string, unknown> {
  const problems = validateQueryValues(definition, given, usedParameters(definition, templateId) ?? undefined);
  if (problems.length) throw badRequest(problems[0]!.message, problems.map((problem) => `${problem.parameterId}: ${problem.message}`).join('; '));
  const values: Record<string, unknown> = { ...given };
  for (const parameter of definition.queryParameters) if (values[parameter.id] === undefined) values[parameter.id] = parameter.defaultValue;
  return values;
}

/** Views may tell a given value from a default, so both go into the key. */
const queryHash = (setId: string, templateId: string, organizationId: string, values: unknown, given: unknown) =>
  createHash('sha256').update(JSON.stringify([setId, templateId, organizationId, values, Object.keys(given as object).sort()])).digest('hex');
