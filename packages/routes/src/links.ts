// Absolute studio URLs of bi-and-admin.md §2, built on the relative paths so no path is spelled twice.
import { paths, withQuery, type QueryParams } from './paths.js';

export function createStudioLinks(baseUrl: string) {
  const base = baseUrl.replace(/\/+$/, '');
  const abs = (path: string) => `${base}${path}`;
  return {
    map: (id: string, options?: { flag?: string }) => abs(paths.map(id, options)),
    /** The dataset's details page under the data area. */
    dataset: (id: string) => abs(paths.dataset(id)),
    datasetList: ({ datasetUuids }: { datasetUuids?: readonly string[] } = {}) =>
      abs(withQuery(paths.datasets(), { datasetUuid: datasetUuids })),
    /** Insights are dashboards. */
    insight: (id: string) => abs(paths.dashboard(id)),
    workbook: (id: string) => abs(paths.workbook(id)),
    dashboard: (id: string, params?: QueryParams) => abs(paths.dashboard(id, params)),
  };
}
export type StudioLinks = ReturnType<typeof createStudioLinks>;
