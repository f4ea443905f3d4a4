// Business constants and limits of both spec documents (section 9 of each).

export const QUOTA_MAX_VALUE = 65535;
export const DEFAULT_CACHE_MAX_AGE_SECONDS = 2678400;
export const KILOBYTE = 1024;
export const H3_MIN_RESOLUTION = 0;
export const H3_MAX_RESOLUTION = 15;
export const TEMPORARY_TABLE_TTL = 60;
export const TEMPORARY_NAME_RANDOM_CHARS = 6;
export const SQL_PAGING_DEFAULTS = { offset: 0, limit: 100 } as const;
export const PUBLISHED_MAPS_DEFAULTS = { count: 50, sortBy: 'views' } as const;

export const MULTI_SELECT_MAX = 7;
export const SINGLE_SELECT_MAX = 1;
export const CHART_GROUP_LIMITS = { line: 20, taxonomyLines: 7, customerJourney: 40, other: 10, heatmap: 10 } as const;
export const DASHBOARD_GRID_COLUMNS = {
  'audience-insight': 14,
  'visitation-trends': 14,
  'cross-visitation': 6,
  default: 1,
} as const;

/** Sent as the bearer token by a signed-out client; the server treats it as no credentials. */
export const PLACEHOLDER_TOKEN = 'signed-out';

/** Sessions from sign-in last this long. */
export const SESSION_TTL_SECONDS = 7 * 24 * 3600;
