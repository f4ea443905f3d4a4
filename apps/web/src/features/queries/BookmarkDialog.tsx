// Save a run (template, dataset, parameter values) as a bookmark: a name and a description.
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ParameterValues, QueryTemplate } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { Modal } from '../sharing';
import { queryKeys } from './queries';

export function BookmarkDialog({ template, query, onClose }: { template: QueryTemplate; query: { parameters: ParameterValues; datasetId?: string }; onClose(): void }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [name, setName] = useState(template.name);
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      client.dataQueries.bookmarks.create({
        name: name.trim(),
        description: description.trim(),
        query: { queryTemplateId: template.id, parameters: query.parameters, ...(query.datasetId ? { datasetId: query.datasetId } : {}) },
      }),
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
      title="Save as bookmark"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={save.isPending}>
            Cancel
          </button>
          <button type="submit" form="bookmark-form" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save bookmark'}
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
        <p className="field__hint">
          Keeps “{template.name}” with {Object.keys(query.parameters).length ? `these values: ${Object.entries(query.parameters).map(([key, value]) => `${key} = ${Array.isArray(value) ? value.join(', ') : String(value)}`).join('; ')}` : 'its defaults'}.
        </p>
        {(problem || save.isError) && (
          <p className="form__error" role="alert">
            {problem ?? errorText(save.error)}
          </p>
        )}
      </form>
    </Modal>
  );
}
