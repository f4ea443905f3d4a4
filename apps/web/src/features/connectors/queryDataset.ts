// A connection's query made into a dataset of the user: the query runs on the warehouse (POST /v1/data-queries, the
// result as Arrow), a dataset linked to the connection is created, and the bytes are uploaded as its data. The
// steps report where they are, so a long run shows it; a signal cancels whichever step runs.
import type { ApiClient } from '@atlas/client';
import type { Dataset } from '@atlas/domain';

export type QueryDatasetStep = { step: 'query' } | { step: 'upload'; bytes: number } | { step: 'convert' };

export interface QueryDatasetRequest {
  connectionId: string;
  query: string;
  name: string;
}

type Client = Pick<ApiClient, 'dataQueries' | 'datasets'>;

export async function queryDataset(client: Client, request: QueryDatasetRequest, onStep: (step: QueryDatasetStep) => void, signal?: AbortSignal): Promise<Dataset> {
  onStep({ step: 'query' });
  const { data } = await client.dataQueries.run({ connectionId: request.connectionId, query: request.query }, signal);
  signal?.throwIfAborted();
  const dataset = await client.datasets.create({ name: request.name, dataConnectionId: request.connectionId });
  try {
    onStep({ step: 'upload', bytes: data.byteLength });
    const loaded = await client.datasets.uploadData(dataset.id, data, { format: 'arrow', signal });
    onStep({ step: 'convert' });
    if (loaded.status === 'error') throw new Error(`The result could not be stored as a dataset (${loaded.errorMessage ?? 'no reason given'})`);
    return loaded;
  } catch (error) {
    // A dataset without data helps nobody: the cancelled or failed one goes.
    await client.datasets.remove(dataset.id).catch(() => undefined);
    throw error;
  }
}
