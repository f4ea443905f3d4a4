// Save a run (template, dataset, parameter values) as a bookmark, or rename a bookmark: a name and a description.
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ParameterValues, QueryBookmark, QueryTemplate } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { Modal } from '../sharing';
import { queryKeys } from './queries';

/** A new bookmark of a run of `template`, or the `bookmark` to rename (its query stays). */
export type BookmarkDialogProps = ({ template: QueryTemplate; query: { parameters: ParameterValues; datasetId?: string } } | { bookmark: QueryBookmark }) & { onClose(): void };

export function BookmarkDialog(props: BookmarkDialogProps) {
  const { onClose } = props;
  const editing = 'bookmark' in props ? props.bookmark : null;
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [name, setName] = useState(editing ? editing.name : 'template' in props ? props.template.name : '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => {
      const text = { name: name.trim(), description: description.trim() };
      if ('bookmark' in props) return client.dataQueries.bookmarks.update(props.bookmark.id, text);
      const { template, query } = props;
      return client.dataQueries.bookmarks.create({ ...text, query: { queryTemplateId: template.id, parameters: query.parameters, ...(query.datasetId ? { datasetId: query.datasetId } : {}) } });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.bookmarks });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setProblem('Name is required');
    setProblem(null);
    save.mutate();
  };
  return (
    <Modal
      title={editing ? `Rename “${editing.name}”` : 'Save as bookmark'}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={save.isPending}>
            Cancel
          </button>
          <button type="submit" form="bookmark-form" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : editing ? 'Save' : 'Save bookmark'}
          </button>
        </>
      }
    >
      <form id="bookmark-form" className="form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">Bookmark name</span>
          <input className="field__input" aria-label="Bookmark name" value={name} maxLength={255} onChange={(event) => setName(event.target.value)} autoFocus />
        </label>
        <label className="field">
          <span className="field__label">Bookmark description</span>
          <input className="field__input" aria-label="Bookmark description" value={description} maxLength={10_000} onChange={(event) => setDescription(event.target.value)} />
        </label>
        {'template' in props && (
          <p className="field__hint">
            Keeps “{props.template.name}” with {Object.keys(props.query.parameters).length ? `these values: ${describeValues(props.query.parameters)}` : 'its defaults'}.
          </p>
        )}
        {(problem || save.isError) && (
          <p className="form__error" role="alert">
            {problem ?? errorText(save.error)}
          </p>
        )}
      </form>
    </Modal>
  );
}

/** "region = north; year = 2024, 2025": a bookmark's parameter values in one line. */
export const describeValues = (parameters: ParameterValues): string =>
  Object.entries(parameters)
    .map(([key, value]) => `${key} = ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('; ');
