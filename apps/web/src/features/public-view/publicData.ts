// The public page's reads beside the snapshot: a published map's datasets as Arrow tables, and an API client whose
// analytic queries go to the published dashboard's own route (the bi chart cards read their client from context).
import { tableFromIPC, type Table } from 'apache-arrow';
import type { ApiClient } from '@atlas/client';
import type { PublishedDatasetRef } from '@atlas/domain';

export function publicTableLoader(client: Pick<ApiClient, 'publishing'>, publishedId: string, viewToken: string | undefined) {
  return async (dataset: PublishedDatasetRef): Promise<Table> => {
    const response = await client.publishing.maps.publishedDatasetData(publishedId, dataset.id, viewToken === undefined ? {} : { viewToken });
    return tableFromIPC(new Uint8Array(await response.arrayBuffer()));
  };
}

/** The client with `analytics.query` answered by the published dashboard's query route (always its saved values). */
export function publishedAnalyticsClient(client: ApiClient, publishedId: string, viewToken: string | undefined): ApiClient {
  return {
    ...client,
    analytics: {
      ...client.analytics,
      query: (_setId, templateId, parameters) => client.publishing.insights.publishedQuery(publishedId, templateId, parameters, viewToken),
    },
  };
}
