// Business-intelligence configuration (bi-and-admin.md §3, §5, §7): per-organization overrides of the analytic sets,
// query-parameter defaults (per organization or for the whole group) and shared parameter sets.
import { Type, type Static } from 'typebox';
import { ANALYTIC_SET_IDS } from '../enums.js';
import { DateTime, Nullable, StringEnum, Timestamps, Uuid } from '../schema-helpers.js';

export const SHARED_PARAMETERS_INVITE_MAX_EMAILS = 50;
export const BI_DESCRIPTION_MAX_LENGTH = 2000;

/**
 * Sample sizes (issue 21): template parameters every analytic set carries, so an organization's analytic-set config sets
 * them like canExport. A figure resting on fewer than `minDevices` distinct panel devices is low-confidence; charts
 * `mark` it (faded and hatched, the count in the tooltip) or `hide` it. minDevices 0 marks nothing.
 */
export const LOW_CONFIDENCE_DISPLAYS = ['mark', 'hide'] as const;
export type LowConfidenceDisplay = (typeof LOW_CONFIDENCE_DISPLAYS)[number];
export const SAMPLE_SIZE_DEFAULTS: Readonly<{ minDevices: number; lowConfidence: LowConfidenceDisplay }> = { minDevices: 30, lowConfidence: 'mark' };
/** The largest threshold accepted: far beyond any panel's devices behind one figure. */
export const MIN_DEVICES_MAX = 1_000_000_000;

/** The problem of a sample-size template parameter's value (null when fine, or when the key is another parameter). */
export function sampleSizeParameterProblem(key: string, value: unknown): string | null {
  if (key === 'minDevices' && !(Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MIN_DEVICES_MAX))
    return `Template parameter minDevices must be a whole number from 0 to ${MIN_DEVICES_MAX}`;
  if (key === 'lowConfidence' && !LOW_CONFIDENCE_DISPLAYS.includes(value as LowConfidenceDisplay))
    return `Template parameter lowConfidence must be one of ${LOW_CONFIDENCE_DISPLAYS.join(', ')}`;
  return null;
}

/** The sample-size settings of a set's (effective) templateParameters; a missing or invalid value takes its default. */
export function sampleSizeSettings(templateParameters: Record<string, unknown>): { minDevices: number; lowConfidence: LowConfidenceDisplay } {
  const ok = (key: 'minDevices' | 'lowConfidence') => Object.hasOwn(templateParameters, key) && sampleSizeParameterProblem(key, templateParameters[key]) === null;
  return {
    minDevices: ok('minDevices') ? (templateParameters.minDevices as number) : SAMPLE_SIZE_DEFAULTS.minDevices,
    lowConfidence: ok('lowConfidence') ? (templateParameters.lowConfidence as LowConfidenceDisplay) : SAMPLE_SIZE_DEFAULTS.lowConfidence,
  };
}

/** A template group as sent: any text, so an unknown analytic set answers 404 rather than a schema error. */
export const TemplateGroupId = Type.String({ minLength: 1, maxLength: 100, description: 'An analytic set id (the template group)' });
const StoredGroupId = StringEnum(ANALYTIC_SET_IDS);
const Values = Type.Record(Type.String(), Type.Unknown(), { description: 'Query-bar values by parameter id, checked with the set’s rules' });
const TemplateParameters = Type.Record(Type.String(), Type.Unknown(), {
  description: 'Overrides of the set’s templateParameters, e.g. {canExport: true}, {minDevices: 50, lowConfidence: "hide"}',
});

/** How one organization sees one query parameter of a set. */
export const QueryParameterOverride = Type.Object(
  {
    defaultValue: Type.Optional(Type.Unknown({ description: 'Must pass the parameter’s rules (after narrowing)' })),
    availableValues: Type.Optional(
      Type.Array(Type.String({ maxLength: 200 }), { minItems: 1, uniqueItems: true, description: 'A subset of the set’s availableValues' }),
    ),
    maxValues: Type.Optional(Type.Integer({ minimum: 1, description: 'At most the set’s maxValues' })),
    hidden: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, title: 'QueryParameterOverride' },
);
export type QueryParameterOverride = Static<typeof QueryParameterOverride>;

const QueryParameterOverrides = Type.Record(Type.String(), QueryParameterOverride, { description: 'Overrides by query parameter id' });

export const AnalyticSetConfig = Type.Object(
  {
    id: Uuid(),
    templateGroupId: StoredGroupId,
    organizationId: Uuid(),
    templateParameters: TemplateParameters,
    queryParameters: QueryParameterOverrides,
    ...Timestamps,
  },
  { title: 'AnalyticSetConfig' },
);
export type AnalyticSetConfig = Static<typeof AnalyticSetConfig>;

export const CreateAnalyticSetConfigRequest = Type.Object(
  {
    templateGroupId: TemplateGroupId,
    organizationId: Uuid(),
    templateParameters: Type.Optional(TemplateParameters),
    queryParameters: Type.Optional(QueryParameterOverrides),
  },
  { additionalProperties: false, title: 'CreateAnalyticSetConfigRequest' },
);
export type CreateAnalyticSetConfigRequest = Static<typeof CreateAnalyticSetConfigRequest>;

/** Each field sent replaces the stored one whole. */
export const UpdateAnalyticSetConfigRequest = Type.Object(
  { templateParameters: Type.Optional(TemplateParameters), queryParameters: Type.Optional(QueryParameterOverrides) },
  { additionalProperties: false, minProperties: 1, title: 'UpdateAnalyticSetConfigRequest' },
);
export type UpdateAnalyticSetConfigRequest = Static<typeof UpdateAnalyticSetConfigRequest>;

/** Default query-bar values of one organization, or of the group (organizationId null). */
export const QueryParamConfig = Type.Object(
  {
    id: Nullable(Uuid({ description: 'null: nothing is stored and values are the set definition’s defaults' })),
    templateGroupId: StoredGroupId,
    organizationId: Nullable(Uuid({ description: 'null: the group default' })),
    values: Values,
    createdAt: Nullable(DateTime()),
    updatedAt: Nullable(DateTime()),
  },
  { title: 'QueryParamConfig' },
);
export type QueryParamConfig = Static<typeof QueryParamConfig>;

export const CreateQueryParamConfigRequest = Type.Object(
  { templateGroupId: TemplateGroupId, organizationId: Nullable(Uuid({ description: 'null: the group default' })), values: Values },
  { additionalProperties: false, title: 'CreateQueryParamConfigRequest' },
);
export type CreateQueryParamConfigRequest = Static<typeof CreateQueryParamConfigRequest>;

/** Replaces the stored values whole. */
export const QueryParamValuesRequest = Type.Object({ values: Values }, { additionalProperties: false, title: 'QueryParamValuesRequest' });
export type QueryParamValuesRequest = Static<typeof QueryParamValuesRequest>;

export const SharedParameters = Type.Object(
  {
    id: Uuid(),
    templateGroupId: StoredGroupId,
    organizationId: Uuid(),
    ownerId: Uuid(),
    values: Values,
    description: Type.String(),
    ...Timestamps,
  },
  { title: 'SharedParameters' },
);
export type SharedParameters = Static<typeof SharedParameters>;

export const CreateSharedParametersRequest = Type.Object(
  { templateGroupId: TemplateGroupId, values: Values, description: Type.Optional(Type.String({ maxLength: BI_DESCRIPTION_MAX_LENGTH })) },
  { additionalProperties: false, title: 'CreateSharedParametersRequest' },
);
export type CreateSharedParametersRequest = Static<typeof CreateSharedParametersRequest>;

export const SharedParametersInviteRequest = Type.Object(
  {
    emails: Type.Array(Type.String({ format: 'email', maxLength: 320 }), { minItems: 1, maxItems: SHARED_PARAMETERS_INVITE_MAX_EMAILS }),
    description: Type.String({ maxLength: BI_DESCRIPTION_MAX_LENGTH }),
  },
  { additionalProperties: false, title: 'SharedParametersInviteRequest' },
);
export type SharedParametersInviteRequest = Static<typeof SharedParametersInviteRequest>;

/** One stored invitation (one per e-mail; inviting again updates it). No e-mail is sent. */
export const SharedParametersInvitation = Type.Object(
  { id: Uuid(), sharedParametersId: Uuid(), email: Type.String(), description: Type.String(), invitedBy: Uuid(), ...Timestamps },
  { title: 'SharedParametersInvitation' },
);
export type SharedParametersInvitation = Static<typeof SharedParametersInvitation>;

export const SharedParametersInvitationList = Type.Object({ items: Type.Array(SharedParametersInvitation) }, { title: 'SharedParametersInvitationList' });
export type SharedParametersInvitationList = Static<typeof SharedParametersInvitationList>;
