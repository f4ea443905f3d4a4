// Downloads of datasets for the map, each with its progress (bytes of Content-Length) or its failure.
import { useCallback, useState } from 'react';
import type { Dataset } from '@atlas/domain';
import { errorText } from '../../api/errors';
import { useApiClient } from '../../api/ApiClientContext';
import { TILED_LATER, downloadArrow, tooLargeReason, type DownloadProgress } from './datasetLoader';
import type { LoadedDataset } from './keplerActions';

export interface DatasetLoadView {
  id: string;
  name: string;
  progress: DownloadProgress | null;
  error: string | null;
}

export function useDatasetLoads() {
  const client = useApiClient();
  const [loads, setLoads] = useState<DatasetLoadView[]>([]);

  const patch = useCallback((id: string, change: Partial<DatasetLoadView>) => {
    setLoads((list) => list.map((load) => (load.id === id ? { ...load, ...change } : load)));
  }, []);

  /** Reads the dataset (by id, or as the caller has it) into an Arrow table; null when it failed (shown). */
  const load = useCallback(
    async (source: string | Dataset): Promise<LoadedDataset | null> => {
      const id = typeof source === 'string' ? source : source.id;
      setLoads((list) => [...list.filter((item) => item.id !== id), { id, name: typeof source === 'string' ? 'Dataset' : source.name, progress: null, error: null }]);
      try {
        const dataset = typeof source === 'string' ? await client.datasets.get(source) : source;
        patch(id, { name: dataset.name });
        const tooLarge = tooLargeReason(dataset);
        if (tooLarge) throw new Error(`${tooLarge} ${TILED_LATER}`);
        const table = await downloadArrow(client, id, { onProgress: (progress) => patch(id, { progress }) });
        setLoads((list) => list.filter((item) => item.id !== id));
        return { dataset, table };
      } catch (error) {
        patch(id, { error: errorText(error) });
        return null;
      }
    },
    [client, patch],
  );

  const dismiss = useCallback((id: string) => setLoads((list) => list.filter((item) => item.id !== id)), []);

  return { loads, load, dismiss };
}
