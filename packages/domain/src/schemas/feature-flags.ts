// Feature flags of an organization (workspace-and-catalogue.md §3 "Feature flags"), as administrators read and set
// them (GET/PUT /v1/admin/organizations/{id}/flags) and as the console describes them. Each organization's members
// read theirs with GET /v1/users/me/flags (FeatureFlags in identity.ts). docs/feature-flags.md.
import { type Static, Type } from 'typebox';
import { FEATURE_FLAGS, type FeatureFlag } from '../enums.js';
import { DateTime, StringEnum, Uuid } from '../schema-helpers.js';
import { FeatureFlags } from './identity.js';

/** What an organization with no stored value for a flag gets: every flag is off until an administrator turns it on. */
export const FEATURE_FLAG_DEFAULT = false;

/** What each flag does in this studio, one line each (the console shows them beside the switches). */
export const FEATURE_FLAG_DESCRIPTIONS: Record<FeatureFlag, string> = {
  dummy: 'Does nothing: a flag to try the switches with.',
  'query-cache-enabled': 'Queries that name no cache mode use the studio cache (studio-cloud-cache) instead of no-cache.',
  'storage-connectors-enabled': 'Offers the storage connection types (Amazon S3, Google Cloud Storage, Planet) when creating a connector.',
  'insights-enabled': 'Dashboards (insights): Dashboards in the navigation and the dashboard screens (with fsq-bi-enabled).',
  'fsq-bi-enabled': 'The analytic sets every dashboard is built on: Dashboards in the navigation and the dashboard screens (with insights-enabled).',
  'enterprise-feature-disabled': 'No screen uses it yet.',
  'linked-dataset-sharing-enabled': 'No screen uses it yet.',
  'pivot-table-enabled': 'Offers the Movement Pivot analytic set and draws its pivot table.',
  'insights-editor-enabled': 'No screen uses it yet.',
  'workbooks-enabled': 'Shows Workbooks in the navigation and opens the workbook screens.',
  'kinetica-layer-enabled': 'No screen uses it yet.',
  'dashboard-beta-enabled': 'No screen uses it yet.',
  'connector-selection-enabled': 'No screen uses it yet.',
};

export const OrganizationFlagsParams = Type.Object({ id: Uuid() }, { additionalProperties: false });

/** PUT body: the flags to set; flags left out keep their value, an unknown flag is refused (400). */
export const FeatureFlagsUpdate = Type.Object(
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, Type.Optional(Type.Boolean({ description: FEATURE_FLAG_DESCRIPTIONS[flag] }))])),
  { additionalProperties: false, minProperties: 1, title: 'FeatureFlagsUpdate', description: 'At least one flag: true turns it on, false off; flags left out keep their value' },
);
export type FeatureFlagsUpdate = Partial<Record<FeatureFlag, boolean>>;

export const OrganizationFeatureFlags = Type.Object(
  {
    organizationId: Uuid(),
    flags: FeatureFlags,
    /** The flags an administrator set (on or off); the others have the default. */
    stored: Type.Array(StringEnum(FEATURE_FLAGS), { description: 'Flags with a stored value; every other flag has the default (off)' }),
    updatedAt: Type.Union([DateTime(), Type.Null()], { description: 'When a flag of the organization was last set; null: never' }),
  },
  { title: 'OrganizationFeatureFlags' },
);
export type OrganizationFeatureFlags = Omit<Static<typeof OrganizationFeatureFlags>, 'flags' | 'stored'> & { flags: FeatureFlags; stored: FeatureFlag[] };
