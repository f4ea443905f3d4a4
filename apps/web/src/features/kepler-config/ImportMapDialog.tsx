// Import a map from a kepler.gl file (map with data, config alone, or QGIS GeoJSON) as a new map, then open it.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONVERTED_FROM_KEPLER, paths } from '@atlas/routes';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { datasetKeys, useDatasetList } from '../datasets/queries';
import { mapKeys } from '../maps/queries';
import { configDataIds } from './dataIds';
import { FILE_ACCEPT } from './formats';
import { FormatChoice } from './FormatChoice';
import { parseKeplerFile, type ParsedKeplerFile } from './parse';
import { importKeplerMap, type TransferProgress } from './transfer';
import { TransferDialog } from './TransferDialog';
import type { KeplerMapFormat } from './types';

interface Loaded {
  name: string;
  parsed?: ParsedKeplerFile;
  error?: string;
}

export function ImportMapDialog({ onClose }: { onClose(): void }) {
  const client = useApiClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [format, setFormat] = useState<KeplerMapFormat>('kepler.gl');
  const [file, setFile] = useState<File | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<TransferProgress | null>(null);

  const read = async (next: File | null, nextFormat: KeplerMapFormat) => {
    setLoaded(null);
    setPicked({});
    if (!next) return;
    try {
      setLoaded({ name: next.name, parsed: parseKeplerFile(await next.text(), nextFormat) });
    } catch (error) {
      setLoaded({ name: next.name, error: errorText(error) });
    }
  };

  const run = useMutation({
    mutationFn: () => importKeplerMap(client, { file: loaded!.parsed!, format, fileName: loaded!.name, picked }, setProgress),
    onSuccess: async (record) => {
      await queryClient.invalidateQueries({ queryKey: mapKeys.all });
      await queryClient.invalidateQueries({ queryKey: datasetKeys.all });
      navigate(paths.map(record.id, { flag: CONVERTED_FROM_KEPLER }));
    },
  });

  const dataIds = loaded?.parsed?.kind === 'config' ? configDataIds(loaded.parsed.config) : [];
  const ready = Boolean(loaded?.parsed) && dataIds.every((id) => picked[id]);
  const summary = loaded?.parsed?.kind === 'map' ? `${loaded.parsed.map.datasets.length} dataset${loaded.parsed.map.datasets.length === 1 ? '' : 's'} to create` : null;

  return (
    <TransferDialog title="Import a map" actionLabel="Import" ready={ready} job={run} progress={progress} onClose={onClose}>
      <FormatChoice
        direction="import"
        value={format}
        disabled={run.isPending}
        onChange={(next) => {
          setFormat(next);
          void read(file, next);
        }}
      />
      <label className="field">
        <span className="field__label">File</span>
        <input
          className="field__input"
          type="file"
          accept={FILE_ACCEPT[format]}
          disabled={run.isPending}
          aria-label="Map file"
          onChange={(event) => {
            const next = event.target.files?.[0] ?? null;
            setFile(next);
            void read(next, format);
          }}
        />
      </label>
      {loaded?.error && (
        <p className="form__error" role="alert">
          {loaded.error}
        </p>
      )}
      {summary && <p className="import-dialog__summary">{summary}, then the map.</p>}
      {loaded?.parsed?.kind === 'config' && <DatasetPickers dataIds={dataIds} picked={picked} onPick={(id, datasetId) => setPicked((current) => ({ ...current, [id]: datasetId }))} />}
    </TransferDialog>
  );
}

/** One dataset choice per dataId of a config: the datasets the user can read and that hold data. */
function DatasetPickers({ dataIds, picked, onPick }: { dataIds: string[]; picked: Record<string, string>; onPick(dataId: string, datasetId: string): void }) {
  const mine = useDatasetList('mine', '');
  const organization = useDatasetList('organization', '');
  const shared = useDatasetList('shared', '');
  const lists = [mine, organization, shared];
  const byId = new Map(lists.flatMap((list) => list.data ?? []).filter((dataset) => dataset.status === 'ready').map((dataset) => [dataset.id, dataset]));
  const options = [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  const failed = lists.find((list) => list.isError)?.error;
  if (dataIds.length === 0) return <p className="import-dialog__summary">The config draws no dataset: the map opens empty, with its map state and style.</p>;
  return (
    <fieldset className="dataset-pickers">
      <legend className="field__label">Datasets the config draws</legend>
      {failed && (
        <p className="form__error" role="alert">
          {errorText(failed)}
        </p>
      )}
      {dataIds.map((dataId) => (
        <label key={dataId} className="dataset-pickers__row">
          <code>{dataId}</code>
          <select className="field__input" value={picked[dataId] ?? ''} onChange={(event) => onPick(dataId, event.target.value)} aria-label={`Dataset for ${dataId}`}>
            <option value="" disabled>
              {lists.some((list) => list.isPending) ? 'Loading datasets…' : options.length ? 'Choose a dataset' : 'No ready dataset to choose'}
            </option>
            {options.map((dataset) => (
              <option key={dataset.id} value={dataset.id}>
                {dataset.name}
              </option>
            ))}
          </select>
        </label>
      ))}
    </fieldset>
  );
}
