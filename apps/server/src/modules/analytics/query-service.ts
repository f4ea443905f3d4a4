// POST /v1/query/{templateGroupId}/template/{templateId}: validate the query-bar values, find the panel, run one view.
import { ANALYTIC_SETS, validateQueryValues } from '@atlas/analytics';
import type { Engine } from '../../engine/types.js';
import { assertAdministrator } from '../../http/access.js';
import { badRequest, invalidInput, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { findPanelDatasets } from './repo.js';
import { VIEWS, type PanelRelations } from './views/index.js';

export const PANEL_NOT_LOADED = 'The foot-traffic panel is not loaded for this organization';
const TABLES = ['visits', 'places', 'panel', 'population'] as const;

export async function runQuery(
  db: Queryable,
  engine: Engine,
  identity: Identity,
  setId: string,
  templateId: string,
  given: Record<string, unknown>,
  impersonateOrganizationId?: string,
): Promise<Record<string, unknown>[]> {
  const impersonating = impersonateOrganizationId !== undefined;
  if (impersonating) assertAdministrator(identity, 'impersonateOrganizationId is for administrators only');
  const definition = Object.hasOwn(ANALYTIC_SETS, setId) ? ANALYTIC_SETS[setId as keyof typeof ANALYTIC_SETS] : undefined;
  if (!definition) throw notFound('Analytic set not found', `No analytic set ${setId}`);
  const views = VIEWS[definition.id];
  const run = views && Object.hasOwn(views, templateId) ? views[templateId] : undefined;
  if (!run) throw notFound('Query template not found', `No template ${templateId} in analytic set ${setId}`);

  const problems = validateQueryValues(definition, given);
  if (problems.length) throw badRequest(problems[0]!.message, problems.map((problem) => `${problem.parameterId}: ${problem.message}`).join('; '));
  const values: Record<string, unknown> = { ...given };
  for (const parameter of definition.queryParameters) if (values[parameter.id] === undefined) values[parameter.id] = parameter.defaultValue;

  const panel = await panelRelations(db, engine, identity, impersonateOrganizationId ?? identity.organizationId, impersonating);
  return run(engine, panel, values, given);
}

/** The oldest readable dataset of each panel table, with data; 422 when any is missing. */
async function panelRelations(db: Queryable, engine: Engine, identity: Identity, organizationId: string, adminMode: boolean): Promise<PanelRelations> {
  const found = await findPanelDatasets(db, identity, organizationId, TABLES, adminMode);
  const relations: Partial<PanelRelations> = {};
  for (const table of TABLES) {
    const id = found.find((row) => row.table === table)?.id;
    const data = id ? await engine.datasetData(id) : null;
    if (!data) throw invalidInput(PANEL_NOT_LOADED, `No ${table} data`);
    relations[table] = data.relation;
  }
  return relations as PanelRelations;
}
