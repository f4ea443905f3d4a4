import { createHash } from 'node:crypto';

/**
 * The cache key of a query: its pipeline (or template expansion) hash plus the data version of every dataset it
 * reads, so new data never hits an old entry.
 */
export function resultCacheKey(queryHash: string, datasetVersions: Readonly<Record<string, string>>): string {
  const versions = Object.entries(datasetVersions)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, version]) => `${id}=${version}`);
  return createHash('sha256').update(JSON.stringify([queryHash, versions])).digest('hex');
}
