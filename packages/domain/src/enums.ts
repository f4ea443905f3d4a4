// Every enumeration of the two spec documents, as const tuples so that types, schemas and UI lists share one source.

export const DATASET_TYPES = ['managed', 'externally-hosted', 'vector-tile', 'raster-tile', 'hex-tile', 'sql', 'wms', 'tile3d'] as const;
export const DATASET_METADATA_TYPES = ['pipeline', 'sql', 'remote', 'managed', 'temporary-table'] as const;
export const DATASET_STATUSES = ['new', 'pending', 'ready', 'error'] as const;
export const VECTOR_TILE_FORMATS = ['mvt', 'pmtiles'] as const;

export const WAREHOUSE_CONNECTION_TYPES = ['snowflake', 'big-query', 'athena', 'postgres', 'presto', 'redshift', 'databricks', 'motherduck', 'kinetica'] as const;
export const STORAGE_CONNECTION_TYPES = ['s3', 'google-cloud-storage', 'planet'] as const;
export const PROXY_CONNECTION_TYPES = ['kinetica'] as const;

export const MAP_ASSET_TYPES = ['map-style', '3d-model', 'color-palette'] as const;
export const RESOURCE_TYPES = ['map', 'dataset', 'data-connection', 'insight', 'workbook', 'query-bookmark', 'query-template', 'map-asset', 'project'] as const;
export const PROJECT_RESOURCE_TYPES = ['map', 'dataset', 'insight', 'map-style'] as const;

export const PERMISSION_ROLES = ['limited-viewer', 'viewer', 'editor'] as const;
export const PERMISSION_ACTIONS = ['read', 'write', 'delete', 'copy'] as const;
/** What a record's answer says the caller may do with it: the permission actions after the seat, plus share and download. */
export const CALLER_ACTIONS = ['read', 'write', 'delete', 'copy', 'share', 'download'] as const;
export const GRANTEE_KINDS = ['user', 'role', 'organization', 'email'] as const;
export const VISIBILITIES = ['private', 'public_read'] as const;

/** Organization roles, stored as a user's seat. */
export const SEATS = ['viewer', 'maker'] as const;

export const LEGAL_AGREEMENT_TYPES = ['studio-tos', 'fsq-sample-data', 'fsq-bi', 'fsq-despp'] as const;
export const QUERY_EXECUTION_STATES = ['queued', 'running', 'success', 'failure', 'cancelled'] as const;
export const CACHE_MODES = ['no-cache', 'studio-cloud-cache'] as const;
export const INPUT_KINDS = ['string', 'number', 'date', 'object'] as const;
export const FILTER_WIDGETS = ['TEXT', 'DROPDOWN', 'DROPDOWN_GROUP', 'SINGLE_PERIOD', 'RANGE_PERIOD', 'STICKER_SELECTOR', 'PIVOT_TABLE'] as const;
export const OPTION_TYPES = ['STATIC', 'DYNAMIC', 'DYNAMIC_SQL'] as const;
export const KEPLER_MAP_FORMATS = ['kepler.gl', 'kepler.gl-raw', 'qgis'] as const;

export const FEATURE_FLAGS = [
  'dummy',
  'query-cache-enabled',
  'storage-connectors-enabled',
  'insights-enabled',
  'fsq-bi-enabled',
  'enterprise-feature-disabled',
  'linked-dataset-sharing-enabled',
  'pivot-table-enabled',
  'insights-editor-enabled',
  'workbooks-enabled',
  'kinetica-layer-enabled',
  'dashboard-beta-enabled',
  'connector-selection-enabled',
] as const;

export const SCREENING_STATUS = { HIGH_RISK: 1, PENDING_REVIEW: 2 } as const;
export const USER_SEARCH_FIELDS = ['id', 'name', 'email', 'organizationId'] as const;

export const AGGREGATIONS = ['sum', 'count', 'min', 'max', 'mean', 'median', 'mode'] as const;
export const TIME_INTERVALS = ['YEAR', 'MONTH', 'DAY', 'HOUR', 'MINUTE', 'SECOND'] as const;
export const TIME_INTERVAL_CODES = ['Y', 'M', 'D', 'H', 'T'] as const;
export const TILE_SIZES = ['S', 'M', 'L', 'XL'] as const;
export const TILESET_KINDS = ['geo', 'geotemporal'] as const;
export const TILESET_MODES = ['dense', 'sparse', 'auto'] as const;
export const JOIN_TYPES = ['LEFT', 'INNER', 'FULL'] as const;
export const ENRICH_TARGET_TYPES = ['H3', 'LATLNG'] as const;
export const INLINE_DATA_FORMATS = ['CSV', 'JSON_OBJECT'] as const;

export const ANALYTIC_SET_IDS = [
  'audience-insight',
  'change-in-visits',
  'cross-visitation',
  'customer-journey',
  'indexed-foot-traffic',
  'movement-pivot',
  'visitation-trends',
] as const;
export const QUERY_PARAMETER_TYPES = ['STRING', 'MULTI_STRING', 'BOOLEAN', 'DATE_RANGE', 'DATE_PERIOD_RANGE', 'PIVOT_TABLE'] as const;
export const LABEL_TYPES = ['GEOGRAPHY', 'PLACE_TAXONOMY'] as const;
export const AGE_ORDER = ['18-24', '25-34', '35-44', '45-54', '55-64', 'Over 65'] as const;
export const INCOME_ORDER = ['Under 25k', '25k-50k', '50k-100k', 'Over 100k'] as const;
export const GENDERS = ['Female', 'Male'] as const;
export const DAYPARTS = ['Morning', 'Afternoon', 'Evening'] as const;

export const VISIBILITY_RESOURCE_TYPES = ['dataset', 'map', 'publishedMap', 'sharedMap'] as const;
export const ACCESS_STATES = ['approved', 'pending', 'forbidden'] as const;
export const IMAGE_TYPES = ['png', 'jpeg', 'webp'] as const;
export const LISTING_SORT_KEYS = ['views', 'date'] as const;
export const PENDING_MEMBERSHIP_FILTER_TYPES = ['email', 'message'] as const;

export type DatasetType = (typeof DATASET_TYPES)[number];
export type DatasetStatus = (typeof DATASET_STATUSES)[number];
export type ResourceType = (typeof RESOURCE_TYPES)[number];
export type PermissionRole = (typeof PERMISSION_ROLES)[number];
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];
export type CallerAction = (typeof CALLER_ACTIONS)[number];
export type Seat = (typeof SEATS)[number];
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type LegalAgreementType = (typeof LEGAL_AGREEMENT_TYPES)[number];
export type AnalyticSetId = (typeof ANALYTIC_SET_IDS)[number];

/** Actions each permission role grants (workspace-and-catalogue.md §6). */
export const ROLE_ACTIONS: Record<PermissionRole, readonly PermissionAction[]> = {
  'limited-viewer': ['read'],
  viewer: ['read', 'copy'],
  editor: ['read', 'write', 'delete', 'copy'],
};
export type Visibility = (typeof VISIBILITIES)[number];
export type GranteeKind = (typeof GRANTEE_KINDS)[number];

/** Industries a user may pick on their profile (the spec has the list but not its values). */
export const INDUSTRIES = [
  'Retail',
  'Real estate',
  'Consumer goods',
  'Restaurants and hospitality',
  'Financial services',
  'Insurance',
  'Advertising and marketing',
  'Media and entertainment',
  'Transportation and logistics',
  'Telecommunications',
  'Energy and utilities',
  'Government and public sector',
  'Healthcare',
  'Education and research',
  'Technology',
  'Other',
] as const;
