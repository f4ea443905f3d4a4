// Our catalogue in place of kepler.gl's "add data" dialog: the datasets the user can read, and an upload.
import { useState } from 'react';
import type { Dataset } from '@atlas/domain';
import { errorText } from '../../api/errors';
import { formatBytes, formatCount } from '../datasets/format';
import { SCOPE_LABELS } from '../catalogue';
import { rowCountOf, sizeOf } from '../datasets/listing';
import { useDatasetList } from '../datasets/queries';
import { DropZone, UploadList } from '../datasets/upload/UploadPanel';
import { useUploads } from '../datasets/upload/useUploads';
import { Modal } from '../sharing';
import { Spinner } from '../../ui/Spinner';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { BUILD_TILES_OFFER, BUILD_TILES_REFUSED, tooLargeReason } from './datasetLoader';
import { mayBuildTiles } from './vector-tiles/tileBuild';

export interface DatasetPickerProps {
  /** Datasets already on the map (offered no second time). */
  onMap: ReadonlySet<string>;
  onPick(dataset: Dataset): void;
  /** Builds the vector tiles of a dataset too large for the browser, and adds them once ready. */
  onBuildTiles(dataset: Dataset): void;
  onClose(): void;
}

export function DatasetPicker({ onMap, onPick, onBuildTiles, onClose }: DatasetPickerProps) {
  const user = useSignedInUser();
  const [search, setSearch] = useState('');
  const term = search.trim();
  const lists = [
    { scope: 'mine' as const, query: useDatasetList('mine', term) },
    { scope: 'organization' as const, query: useDatasetList('organization', term) },
    { scope: 'shared' as const, query: useDatasetList('shared', term) },
  ];
  const uploads = useUploads({ onReady: onPick });
  const failed = lists.find(({ query }) => query.isError);
  const loading = lists.some(({ query }) => query.isPending);
  // A dataset may be listed by several scopes (an organization dataset shared with the user too): show it once.
  const seen = new Set<string>();
  const rows = lists.flatMap(({ scope, query }) =>
    (query.data ?? []).flatMap((dataset) => {
      if (seen.has(dataset.id)) return [];
      seen.add(dataset.id);
      return [{ scope, dataset }];
    }),
  );

  return (
    <Modal title="Add data to the map" onClose={onClose} wide>
      <div className="dataset-picker">
        <input
          type="search"
          className="field__input dataset-picker__search"
          placeholder="Search datasets by name"
          aria-label="Search datasets"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {failed && <p role="alert">Could not list datasets: {errorText(failed.query.error)}</p>}
        {loading && rows.length === 0 && <Spinner label="Listing datasets…" />}
        {!loading && !failed && rows.length === 0 && (
          <p className="dataset-picker__empty">{search ? `No dataset you can read matches “${search}”.` : 'You have no datasets yet: upload a file below.'}</p>
        )}
        <ul className="dataset-picker__list" aria-label="Datasets">
          {rows.map(({ scope, dataset }) => (
            <PickerRow
              key={dataset.id}
              dataset={dataset}
              scopeLabel={SCOPE_LABELS[scope]}
              onMap={onMap.has(dataset.id)}
              canBuild={mayBuildTiles(dataset, user)}
              onPick={() => onPick(dataset)}
              onBuildTiles={() => onBuildTiles(dataset)}
            />
          ))}
        </ul>
        <h3 className="dataset-picker__heading">Upload a file</h3>
        <p className="dataset-picker__hint">A new dataset joins the map once the server has converted it.</p>
        <DropZone onFiles={uploads.addFiles} />
        <UploadList items={uploads.items} onCancel={uploads.cancel} onClear={uploads.clearFinished} />
      </div>
    </Modal>
  );
}

interface PickerRowProps {
  dataset: Dataset;
  scopeLabel: string;
  onMap: boolean;
  /** The user may build its vector tiles (copy on it, a maker seat). */
  canBuild: boolean;
  onPick(): void;
  onBuildTiles(): void;
}

function PickerRow({ dataset, scopeLabel, onMap, canBuild, onPick, onBuildTiles }: PickerRowProps) {
  const rows = rowCountOf(dataset);
  const size = sizeOf(dataset);
  const tooLarge = tooLargeReason(dataset);
  const unavailable = dataset.status !== 'ready' ? `Not ready (${dataset.status})` : null;
  const warning = tooLarge ? `${tooLarge} ${canBuild ? BUILD_TILES_OFFER : BUILD_TILES_REFUSED}` : null;
  return (
    <li className="dataset-picker__row">
      <div className="dataset-picker__info">
        <span className="dataset-picker__name">{dataset.name}</span>
        <span className="dataset-picker__meta">
          {scopeLabel}
          {dataset.type === 'vector-tile' && ' · vector tiles'}
          {dataset.type === 'hex-tile' && ' · hex tiles'}
          {rows !== null && ` · ${formatCount(rows)} rows`}
          {size !== null && ` · ${formatBytes(size)}`}
        </span>
        {warning && <span className="dataset-picker__warning">{warning}</span>}
      </div>
      {tooLarge && canBuild && !unavailable ? (
        <button type="button" className="button button--primary" onClick={onBuildTiles} aria-label={`Build vector tiles of ${dataset.name}`}>
          Build vector tiles
        </button>
      ) : (
        <button type="button" className="button button--primary" disabled={onMap || !!unavailable || !!tooLarge} onClick={onPick} aria-label={`Add ${dataset.name}`}>
          {onMap ? 'On the map' : (unavailable ?? 'Add')}
        </button>
      )}
    </li>
  );
}
