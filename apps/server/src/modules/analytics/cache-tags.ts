// Tags of cached analytic answers, so the invalidation calls can drop exactly what a change affects.

/** Every analytic answer (they embed label names). */
export const ANALYTICS_TAG = 'analytics';
/** Every answer of one set, for any organization. */
export const setTag = (setId: string) => `analytics:${setId}`;
/** The answers of one set for one organization. */
export const organizationTag = (setId: string, organizationId: string) => `analytics:${setId}:org:${organizationId}`;
