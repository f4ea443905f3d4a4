// Export a saved map as a kepler.gl file: the map with its data, the config alone, or GeoJSON for QGIS.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { CatalogueRecord } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { download } from '../bi/charts/export';
import { FormatChoice } from './FormatChoice';
import { exportKeplerMap, type TransferProgress } from './transfer';
import { TransferDialog } from './TransferDialog';
import type { KeplerMapFormat } from './types';

export function ExportMapDialog({ map, onClose }: { map: CatalogueRecord; onClose(): void }) {
  const client = useApiClient();
  const [format, setFormat] = useState<KeplerMapFormat>('kepler.gl');
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const run = useMutation({
    mutationFn: async () => {
      // The list's record may be old: the export reads the state as it is saved now.
      const current = await client.maps.get(map.id);
      return exportKeplerMap(client, current, format, setProgress);
    },
    onSuccess: ({ blob, fileName }) => {
      download(fileName, blob);
      onClose();
    },
  });
  return (
    <TransferDialog title={`Export “${map.name}”`} actionLabel="Download" ready job={run} progress={progress} onClose={onClose}>
      <FormatChoice direction="export" value={format} onChange={setFormat} disabled={run.isPending} />
    </TransferDialog>
  );
}
