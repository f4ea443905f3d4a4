// What every asset dialog shares: name, description and thumbnail fields, the save (fields, then files), and the
// dialog around a kind's own fields.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { THUMBNAIL_CONTENT_TYPES, type MapAsset } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { Modal } from '../sharing';
import { assetKeys, type AssetKind } from './queries';
import { saveAsset } from './saveAsset';

/** The form state of an asset dialog, and its save: the kind's metadata and file, with the shared fields. */
export function useAssetForm(kind: AssetKind, asset: MapAsset | null, onClose: () => void) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [name, setName] = useState(asset?.name ?? '');
  const [description, setDescription] = useState(asset?.description ?? '');
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: ({ metadata, file }: { metadata: Record<string, unknown>; file: Blob | null }) => saveAsset(client, kind, asset, { name, description, metadata, file, thumbnail }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: assetKeys.all });
      onClose();
    },
  });
  return { name, setName, description, setDescription, setThumbnail, problem, setProblem, save };
}

export type AssetForm = ReturnType<typeof useAssetForm>;

export interface AssetDialogFrameProps {
  form: AssetForm;
  asset: MapAsset | null;
  /** The title of a new one: "New map style". */
  newTitle: string;
  createLabel: string;
  formId: string;
  onSubmit(event: FormEvent): void;
  onClose(): void;
  /** The kind's own fields, between the name and the thumbnail. */
  children: ReactNode;
}

/** The dialog of an asset: name and description, the kind's fields, a thumbnail, why it failed, Cancel and Save. */
export function AssetDialogFrame({ form, asset, newTitle, createLabel, formId, onSubmit, onClose, children }: AssetDialogFrameProps) {
  const busy = form.save.isPending;
  return (
    <Modal
      title={asset ? `Edit “${asset.name}”` : newTitle}
      onClose={busy ? () => undefined : onClose}
      wide
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={busy || !form.name.trim()}>
            {busy ? 'Saving…' : asset ? 'Save' : createLabel}
          </button>
        </>
      }
    >
      <form id={formId} className="asset-form" onSubmit={onSubmit}>
        <label className="field">
          <span className="field__label">Name</span>
          <input className="field__input" value={form.name} maxLength={200} required disabled={busy} onChange={(event) => form.setName(event.target.value)} aria-label="Name" />
        </label>
        <label className="field">
          <span className="field__label">Description</span>
          <textarea className="field__input" value={form.description} maxLength={4000} rows={2} disabled={busy} onChange={(event) => form.setDescription(event.target.value)} aria-label="Description" />
        </label>
        {children}
        <label className="field">
          <span className="field__label">{asset?.thumbnailContentType ? 'Replace the thumbnail (optional)' : 'Thumbnail (optional)'}</span>
          <input
            className="field__input"
            type="file"
            accept={THUMBNAIL_CONTENT_TYPES.join(',')}
            disabled={busy}
            aria-label="Thumbnail"
            onChange={(event) => form.setThumbnail(event.target.files?.[0] ?? null)}
          />
        </label>
        {(form.problem || form.save.isError) && (
          <p className="form__error" role="alert">
            {form.problem ?? errorText(form.save.error)}
          </p>
        )}
      </form>
    </Modal>
  );
}
