// The details screen's actions, each shown only to those who may use it: New map, Share, Clone, Download (CSV,
// Arrow, Parquet), Write to warehouse (a new table of a connection), Replace data (the upload with progress), Delete
// (after confirmation).
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dataset } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { useApiClient } from '../../api/ApiClientContext';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { errorText } from '../../api/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { download as saveFile } from '../bi/charts/export';
import { canCreate, type RecordAbilities } from '../catalogue';
import { AddToProjectDialog } from '../projects';
import { PublishReportButton } from '../reports';
import { Modal, ShareDialog } from '../sharing';
import { datasetKeys } from './queries';
import { DropZone, UploadList } from './upload/UploadPanel';
import { useUploads } from './upload/useUploads';
import { isActive } from './upload/uploadState';
import { WarehouseWriteDialog } from './WarehouseWriteDialog';

type Dialog = 'share' | 'project' | 'replace' | 'warehouse' | 'delete' | null;

/** What GET /v1/datasets/{id}/data offers; Parquet is the stored file itself. */
const DOWNLOADS = [
  { format: 'csv', label: 'CSV', extension: 'csv' },
  { format: 'arrow', label: 'Arrow', extension: 'arrow' },
  { format: 'parquet', label: 'Parquet', extension: 'parquet' },
] as const;

export function DatasetActions({ dataset, abilities }: { dataset: Dataset; abilities: RecordAbilities }) {
  const client = useApiClient();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const hasData = typeof dataset.metadata.dataVersion === 'string';

  const clone = useMutation({
    mutationFn: () => client.datasets.clone(dataset.id),
    onSuccess: (copy) => {
      void queryClient.invalidateQueries({ queryKey: datasetKeys.lists });
      navigate(paths.dataset(copy.id));
    },
  });
  const remove = useMutation({
    mutationFn: () => client.datasets.remove(dataset.id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: datasetKeys.one(dataset.id) });
      void queryClient.invalidateQueries({ queryKey: datasetKeys.lists });
      navigate(paths.datasets(), { replace: true });
    },
  });
  const download = useMutation({
    mutationFn: async ({ format, extension }: (typeof DOWNLOADS)[number]) => {
      saveFile(`${dataset.name}.${extension}`, new Blob([await client.datasets.downloadData(dataset.id, { format })]));
    },
  });
  const failure = clone.error ?? download.error;

  return (
    <div className="dataset-actions">
      <div className="dataset-actions__buttons">
        {abilities.newMap && dataset.status === 'ready' && (
          <Link to={paths.newMap({ datasetUuids: [dataset.id] })} className="button button--primary">
            New map
          </Link>
        )}
        {dataset.status === 'ready' && <PublishReportButton datasets={[dataset]} />}
        {abilities.share && (
          <button type="button" className="button button--ghost" onClick={() => setDialog('share')}>
            Share
          </button>
        )}
        {abilities.newMap && (
          <button type="button" className="button button--ghost" onClick={() => setDialog('project')}>
            Add to project
          </button>
        )}
        {abilities.clone && (
          <button type="button" className="button button--ghost" onClick={() => clone.mutate()} disabled={clone.isPending}>
            {clone.isPending ? 'Cloning…' : 'Clone'}
          </button>
        )}
        {abilities.download &&
          hasData &&
          DOWNLOADS.map((option) => (
            <button
              key={option.format}
              type="button"
              className="button button--ghost"
              onClick={() => download.mutate(option)}
              disabled={download.isPending}
              aria-label={`Download as ${option.label}`}
            >
              {download.isPending && download.variables?.format === option.format ? 'Downloading…' : `Download ${option.label}`}
            </button>
          ))}
        {/* Writing needs write on a connection, which only a maker seat has. */}
        {abilities.download && hasData && canCreate(user) && (
          <button type="button" className="button button--ghost" onClick={() => setDialog('warehouse')}>
            Write to warehouse
          </button>
        )}
        {abilities.write && (
          <button type="button" className="button button--ghost" onClick={() => setDialog('replace')}>
            {hasData ? 'Replace data' : 'Upload data'}
          </button>
        )}
        {abilities.delete && (
          <button type="button" className="button button--ghost dataset-actions__delete" onClick={() => setDialog('delete')}>
            Delete
          </button>
        )}
      </div>
      {failure && (
        <p className="form__error" role="alert">
          {errorText(failure)}
        </p>
      )}

      {dialog === 'share' && <ShareDialog target={{ resourceType: 'dataset', resourceId: dataset.id, name: dataset.name }} onClose={() => setDialog(null)} />}
      {dialog === 'project' && <AddToProjectDialog target={{ resourceType: 'dataset', resourceId: dataset.id, name: dataset.name }} onClose={() => setDialog(null)} />}
      {dialog === 'replace' && <ReplaceDataDialog dataset={dataset} onClose={() => setDialog(null)} />}
      {dialog === 'warehouse' && <WarehouseWriteDialog dataset={dataset} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={`Delete “${dataset.name}”?`}
          confirmLabel="Delete dataset"
          danger
          busy={remove.isPending}
          error={remove.isError ? errorText(remove.error) : null}
          onConfirm={() => remove.mutate()}
          onClose={() => {
            remove.reset();
            setDialog(null);
          }}
        >
          The dataset and its data are deleted for everyone it is shared with. Maps that use it lose this data. This cannot be undone.
        </ConfirmDialog>
      )}
    </div>
  );
}

function ReplaceDataDialog({ dataset, onClose }: { dataset: Dataset; onClose(): void }) {
  const uploads = useUploads();
  const running = uploads.items.some(isActive);
  const hasData = typeof dataset.metadata.dataVersion === 'string';
  return (
    <Modal
      title={hasData ? `Replace the data of “${dataset.name}”` : `Upload data to “${dataset.name}”`}
      onClose={onClose}
      wide
      footer={
        <button type="button" className="button button--primary" onClick={onClose}>
          {running ? 'Close (cancels the upload)' : 'Done'}
        </button>
      }
    >
      {hasData && <p className="datasets-page__note">The file’s rows replace the current data. Should it fail, the current data stays.</p>}
      <DropZone single title="Drop the new file here" onFiles={(files) => files[0] && uploads.replaceData({ id: dataset.id, name: dataset.name }, files[0])} />
      <UploadList items={uploads.items} onCancel={uploads.cancel} onClear={uploads.clearFinished} />
    </Modal>
  );
}
