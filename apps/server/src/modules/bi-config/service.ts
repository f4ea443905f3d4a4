// Business-intelligence configuration (bi-and-admin.md §5, §7): who may read and write it, how it is checked
// against the analytic sets, and the effective definition an organization sees.
import { ANALYTIC_SETS } from '@atlas/analytics';
import { sampleSizeParameterProblem, validateQueryValues, type QueryValueProblem } from '@atlas/domain';
import {
  AppStatusCode,
  Messages,
  type AnalyticSetConfig,
  type AnalyticSetDefinition,
  type AnalyticSetId,
  type CreateAnalyticSetConfigRequest,
  type CreateQueryParamConfigRequest,
  type CreateSharedParametersRequest,
  type QueryParamConfig,
  type QueryParameterOverride,
  type SharedParameters,
  type SharedParametersInvitationList,
  type SharedParametersInviteRequest,
  type UpdateAnalyticSetConfigRequest,
} from '@atlas/domain';
import { assertAdministrator, assertCanCreate, assertSameOrganizationOrAdmin, inOrganizationOrAdministrator, isOwnerOrAdministrator } from '../../http/access.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import { existsById } from '../permissions/repo.js';
import { applyOverrides, overrideParameter, parameterProblems } from './merge.js';
import * as repo from './repo.js';

type Values = Record<string, unknown>;

const ADMINISTRATORS_ONLY = 'BI configuration is changed by administrators only';

/** The analytic set a template group names; 404 for anything else. */
export function findDefinition(groupId: string): AnalyticSetDefinition {
  const definition = Object.hasOwn(ANALYTIC_SETS, groupId) ? ANALYTIC_SETS[groupId as AnalyticSetId] : undefined;
  if (!definition) throw notFound('Analytic set not found', `No analytic set ${groupId}`);
  return definition;
}

/** 400 naming the first problem, with every problem in details. */
function assertNoProblems(problems: QueryValueProblem[]): void {
  if (problems.length) throw badRequest(problems[0]!.message, problems.map((problem) => `${problem.parameterId}: ${problem.message}`).join('; '));
}

const configNotFound = (details: string) => notFound(Messages.configNotFound, details);

async function assertOrganizationExists(db: Queryable, organizationId: string): Promise<void> {
  if (!(await existsById(db, 'organizations', organizationId))) throw notFound('Organization not found', `No organization with id ${organizationId}`);
}

// ---- Analytic-set configs ----

/** Every override must name a listed parameter and only narrow it; every default must pass the narrowed parameter's rules. */
function configProblems(definition: AnalyticSetDefinition, templateParameters: Values, queryParameters: Record<string, QueryParameterOverride>): QueryValueProblem[] {
  const problems: QueryValueProblem[] = [];
  for (const [key, value] of Object.entries(templateParameters)) {
    if (!Object.hasOwn(definition.templateParameters, key)) problems.push({ parameterId: key, message: `Template parameter ${key} is not listed in templateParameters` });
    else if (typeof value !== typeof definition.templateParameters[key])
      problems.push({ parameterId: key, message: `Template parameter ${key} must be a ${typeof definition.templateParameters[key]}` });
    else {
      const problem = sampleSizeParameterProblem(key, value);
      if (problem) problems.push({ parameterId: key, message: problem });
    }
  }
  for (const [id, override] of Object.entries(queryParameters)) {
    const parameter = definition.queryParameters.find((candidate) => candidate.id === id);
    if (!parameter) {
      problems.push({ parameterId: id, message: Messages.parameterNotListed(id) });
      continue;
    }
    const own: string[] = [];
    if (override.availableValues) {
      if (!parameter.availableValues) own.push(`${parameter.name} has no list of values to narrow`);
      else {
        const unknown = override.availableValues.filter((value) => !parameter.availableValues!.includes(value));
        if (unknown.length) own.push(`${parameter.name}: availableValues must be a subset of the set's; unknown ${unknown.map((value) => JSON.stringify(value)).join(', ')}`);
      }
    }
    if (override.maxValues !== undefined && override.maxValues > parameter.maxValues) own.push(`${parameter.name}: maxValues may not exceed ${parameter.maxValues}`);
    problems.push(...own.map((message) => ({ parameterId: id, message })));
    if (own.length) continue;
    const narrowed = overrideParameter(parameter, override);
    if (Object.hasOwn(override, 'defaultValue')) problems.push(...parameterProblems(definition, narrowed, override.defaultValue));
    else if (parameterProblems(definition, narrowed, parameter.defaultValue).length)
      problems.push({ parameterId: id, message: `${parameter.name}: the set's default does not fit the narrowed parameter; give a defaultValue` });
  }
  return problems;
}

function onlyConfig(configs: AnalyticSetConfig[], groupId: string, organizationId: string): AnalyticSetConfig | null {
  if (configs.length > 1)
    throw new AppError(500, Messages.multipleConfigs, AppStatusCode.InternalError, `${configs.length} configs of ${groupId} for organization ${organizationId}`);
  return configs[0] ?? null;
}

/** The one config of a group and organization: 404 when none, 500 when several. */
export async function getConfigFor(db: Db, identity: Identity, groupId: string, organizationId: string): Promise<AnalyticSetConfig> {
  findDefinition(groupId);
  if (!inOrganizationOrAdministrator(identity, organizationId)) throw forbidden('You can read the configs of your own organization only', `Organization ${organizationId}`);
  const config = onlyConfig(await repo.findAnalyticSetConfigs(db, groupId, organizationId), groupId, organizationId);
  if (!config) throw configNotFound(`No config of ${groupId} for organization ${organizationId}`);
  return config;
}

/** A config the caller may read (its organization's, or any for administrators); others' look the same as missing ones. */
async function readableConfig(db: Queryable, identity: Identity, id: string): Promise<AnalyticSetConfig> {
  const config = await repo.findAnalyticSetConfig(db, id);
  const missing = () => configNotFound(`No config with id ${id}`);
  if (!config) throw missing();
  assertSameOrganizationOrAdmin(identity, config.organizationId, missing);
  return config;
}

export const getConfig = (db: Db, identity: Identity, id: string) => readableConfig(db, identity, id);

export async function createConfig(db: Db, identity: Identity, request: CreateAnalyticSetConfigRequest): Promise<AnalyticSetConfig> {
  assertAdministrator(identity, ADMINISTRATORS_ONLY);
  const definition = findDefinition(request.templateGroupId);
  const templateParameters = request.templateParameters ?? {};
  const queryParameters = request.queryParameters ?? {};
  assertNoProblems(configProblems(definition, templateParameters, queryParameters));
  return db.transaction(async (tx) => {
    await assertOrganizationExists(tx, request.organizationId);
    await repo.lockConfigKey(tx, definition.id, request.organizationId);
    if ((await repo.findAnalyticSetConfigs(tx, definition.id, request.organizationId)).length)
      throw conflict('A config for this analytic set and organization already exists', `${definition.id} for organization ${request.organizationId}`);
    return repo.insertAnalyticSetConfig(tx, { groupId: definition.id, organizationId: request.organizationId, templateParameters, queryParameters, createdBy: identity.userId });
  });
}

export async function updateConfig(db: Db, identity: Identity, id: string, request: UpdateAnalyticSetConfigRequest): Promise<AnalyticSetConfig> {
  assertAdministrator(identity, ADMINISTRATORS_ONLY);
  return db.transaction(async (tx) => {
    const stored = await readableConfig(tx, identity, id);
    const definition = findDefinition(stored.templateGroupId);
    assertNoProblems(configProblems(definition, request.templateParameters ?? stored.templateParameters, request.queryParameters ?? stored.queryParameters));
    return repo.updateAnalyticSetConfig(tx, id, { templateParameters: request.templateParameters ?? null, queryParameters: request.queryParameters ?? null });
  });
}

export async function deleteConfig(db: Db, identity: Identity, id: string): Promise<void> {
  assertAdministrator(identity, ADMINISTRATORS_ONLY);
  await db.transaction(async (tx) => {
    await readableConfig(tx, identity, id);
    await repo.deleteAnalyticSetConfig(tx, id);
  });
}

// ---- Query-param configs ----

/** Each value alone by its parameter's rules; parameters left out fall back to the defaults. */
function valueProblems(definition: AnalyticSetDefinition, values: Values): QueryValueProblem[] {
  return Object.entries(values).flatMap(([id, value]) => {
    const parameter = definition.queryParameters.find((candidate) => candidate.id === id);
    return parameter ? parameterProblems(definition, parameter, value) : [{ parameterId: id, message: Messages.parameterNotListed(id) }];
  });
}

async function readableQueryParamConfig(db: Queryable, identity: Identity, id: string): Promise<QueryParamConfig> {
  const config = await repo.findQueryParamConfig(db, id);
  const missing = () => configNotFound(`No query-param config with id ${id}`);
  if (!config) throw missing();
  assertSameOrganizationOrAdmin(identity, config.organizationId, missing);
  return config;
}

export const getQueryParamConfig = (db: Db, identity: Identity, id: string) => readableQueryParamConfig(db, identity, id);

/** The stored group default, or the definition's defaults with id null when none is stored. */
export async function getGroupDefault(db: Db, groupId: string): Promise<QueryParamConfig> {
  const definition = findDefinition(groupId);
  const stored = await repo.findGroupDefault(db, definition.id);
  if (stored) return stored;
  const values = Object.fromEntries(definition.queryParameters.map((parameter) => [parameter.id, parameter.defaultValue]));
  return { id: null, templateGroupId: definition.id, organizationId: null, values, createdAt: null, updatedAt: null };
}

export async function putGroupDefault(db: Db, identity: Identity, groupId: string, values: Values): Promise<QueryParamConfig> {
  assertAdministrator(identity, ADMINISTRATORS_ONLY);
  const definition = findDefinition(groupId);
  assertNoProblems(valueProblems(definition, values));
  return repo.upsertGroupDefault(db, definition.id, values);
}

export async function createQueryParamConfig(db: Db, identity: Identity, request: CreateQueryParamConfigRequest): Promise<QueryParamConfig> {
  assertAdministrator(identity, ADMINISTRATORS_ONLY);
  const definition = findDefinition(request.templateGroupId);
  assertNoProblems(valueProblems(definition, request.values));
  return db.transaction(async (tx) => {
    if (request.organizationId !== null) await assertOrganizationExists(tx, request.organizationId);
    try {
      return await repo.insertQueryParamConfig(tx, { groupId: definition.id, organizationId: request.organizationId, values: request.values });
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
      throw request.organizationId === null
        ? conflict('The group default already exists', `PUT /v1/bi/query-param-configs/${definition.id}/default changes it`)
        : conflict('A query-param config for this analytic set and organization already exists', `${definition.id} for organization ${request.organizationId}`);
    }
  });
}

export async function updateQueryParamConfig(db: Db, identity: Identity, id: string, values: Values): Promise<QueryParamConfig> {
  assertAdministrator(identity, ADMINISTRATORS_ONLY);
  return db.transaction(async (tx) => {
    const stored = await readableQueryParamConfig(tx, identity, id);
    assertNoProblems(valueProblems(findDefinition(stored.templateGroupId), values));
    return repo.updateQueryParamConfig(tx, id, values);
  });
}

export async function deleteQueryParamConfig(db: Db, identity: Identity, id: string): Promise<void> {
  assertAdministrator(identity, ADMINISTRATORS_ONLY);
  await db.transaction(async (tx) => {
    await readableQueryParamConfig(tx, identity, id);
    await repo.deleteQueryParamConfig(tx, id);
  });
}

// ---- Effective definition ----

/**
 * The set definition as one organization sees it: its analytic-set config's overrides applied (500 when it has
 * several), defaults from its query-param config, else the config's defaultValue, else the group default, else the
 * definition's.
 */
export async function effectiveDefinition(db: Queryable, organizationId: string, definition: AnalyticSetDefinition): Promise<AnalyticSetDefinition> {
  const config = onlyConfig(await repo.findAnalyticSetConfigs(db, definition.id, organizationId), definition.id, organizationId);
  const defaults = await repo.findDefaultValues(db, definition.id, organizationId);
  return applyOverrides(definition, { config, organizationValues: defaults.organization, groupValues: defaults.group });
}

// ---- Shared parameters ----

const sharedNotFound = (id: string) => notFound('Shared parameters not found', `No shared parameters with id ${id}`);

/** Any maker shares query-bar values of their organization's view of the set, checked like a query. */
export async function createShared(db: Db, identity: Identity, request: CreateSharedParametersRequest): Promise<SharedParameters> {
  assertCanCreate(identity, 'shared parameters');
  const definition = findDefinition(request.templateGroupId);
  return db.transaction(async (tx) => {
    assertNoProblems(validateQueryValues(await effectiveDefinition(tx, identity.organizationId, definition), request.values));
    return repo.insertSharedParameters(tx, {
      groupId: definition.id,
      organizationId: identity.organizationId,
      ownerId: identity.userId,
      values: request.values,
      description: request.description ?? '',
    });
  });
}

/** Readable by the owner, members of its organization, invited e-mails and administrators; 404 for everyone else. */
async function readableShared(db: Queryable, identity: Identity, id: string): Promise<SharedParameters> {
  const found = await repo.findSharedParameters(db, id, identity.userId);
  if (!found) throw sharedNotFound(id);
  // An invitation to the caller's e-mail opens it too.
  if (!found.invited) assertSameOrganizationOrAdmin(identity, found.shared.organizationId, () => sharedNotFound(id));
  return found.shared;
}

export const getShared = (db: Db, identity: Identity, id: string) => readableShared(db, identity, id);

/** The owner (with a maker seat) or an administrator records invitations; no e-mail is sent. */
export async function inviteToShared(db: Db, identity: Identity, id: string, request: SharedParametersInviteRequest): Promise<SharedParametersInvitationList> {
  const emails = [...new Set(request.emails.map((email) => email.toLowerCase()))];
  return db.transaction(async (tx) => {
    const shared = await readableShared(tx, identity, id);
    if (!isOwnerOrAdministrator(identity, shared.ownerId, true)) throw forbidden('Only the owner can invite to shared parameters', `Shared parameters ${id}`);
    return { items: await repo.upsertInvitations(tx, id, emails, request.description, identity.userId) };
  });
}
