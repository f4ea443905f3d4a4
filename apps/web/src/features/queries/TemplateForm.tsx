// Create or edit a query template: name, description, the SQL with {{name}} placeholders ({{dataset}} is the
// dataset), its parameters (name, type, default, description) and an optional dataset among those the user reads.
// The form checks what it can (names, defaults by type, undeclared placeholders); the server parses the SQL and
// answers "Could not parse query template (details)", shown as it comes.
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryTemplate, TemplateParameterType } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { Modal } from '../sharing';
import { PARAMETER_TYPES, buildTemplateRequest, draftOf, emptyParameter, placeholdersOf, type ParameterDraft, type TemplateDraft } from './model';
import { queryKeys, useReadableDatasets } from './queries';

export function TemplateForm({ template, onClose, onSaved }: { template?: QueryTemplate; onClose(): void; onSaved?(template: QueryTemplate): void }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const datasets = useReadableDatasets();
  const [draft, setDraft] = useState<TemplateDraft>(() => draftOf(template));
  const [problems, setProblems] = useState<string[]>([]);
  // A change makes the problems of the last attempt stale: they show again at the next one if still there.
  const set = (change: Partial<TemplateDraft>) => {
    setProblems([]);
    setDraft((current) => ({ ...current, ...change }));
  };
  const setParameter = (index: number, change: Partial<ParameterDraft>) =>
    set({ parameters: draft.parameters.map((row, at) => (at === index ? { ...row, ...change } : row)) });

  const save = useMutation({
    mutationFn: (request: NonNullable<ReturnType<typeof buildTemplateRequest>['request']>) =>
      template ? client.dataQueries.templates.update(template.id, request) : client.dataQueries.templates.create(request),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.templates });
      (onSaved ?? onClose)(saved);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const built = buildTemplateRequest(draft);
    // An earlier refusal of the server no longer applies to what is sent now.
    save.reset();
    setProblems(built.problems);
    if (built.request) save.mutate(built.request);
  };

  // Placeholders of the SQL not declared yet: one click declares them.
  const declared = new Set(draft.parameters.map((row) => row.name.trim()));
  const undeclared = placeholdersOf(draft.template).filter((name) => name !== 'dataset' && !declared.has(name));
  const formId = template ? `template-form-${template.id}` : 'template-form-new';
  const knownDataset = draft.datasetId === '' || datasets.data?.some((dataset) => dataset.id === draft.datasetId);

  return (
    <Modal
      title={template ? `Edit “${template.name}”` : 'New query template'}
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={save.isPending}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : template ? 'Save changes' : 'Create template'}
          </button>
        </>
      }
    >
      <form id={formId} className="form queries-form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">Name</span>
          <input className="field__input" aria-label="Name" value={draft.name} maxLength={255} onChange={(event) => set({ name: event.target.value })} autoFocus />
        </label>
        <label className="field">
          <span className="field__label">Description</span>
          <input className="field__input" aria-label="Description" value={draft.description} maxLength={10_000} onChange={(event) => set({ description: event.target.value })} />
        </label>
        <label className="field">
          <span className="field__label">Dataset</span>
          <select className="field__input" aria-label="Dataset" value={draft.datasetId} onChange={(event) => set({ datasetId: event.target.value })}>
            <option value="">None (name one when running, or query no dataset)</option>
            {!knownDataset && <option value={draft.datasetId}>A dataset you cannot list ({draft.datasetId.slice(0, 8)}…)</option>}
            {(datasets.data ?? []).map((dataset) => (
              <option key={dataset.id} value={dataset.id}>
                {dataset.name}
              </option>
            ))}
          </select>
          {datasets.isError && <span className="form__error">{errorText(datasets.error)}</span>}
        </label>
        <label className="field">
          <span className="field__label">SQL template</span>
          <textarea
            className="field__input queries-form__sql"
            aria-label="SQL template"
            value={draft.template}
            rows={8}
            spellCheck={false}
            placeholder={'SELECT name, category_name FROM {{dataset}} WHERE category_name IN ({{categories}})'}
            onChange={(event) => set({ template: event.target.value })}
          />
          <span className="field__hint">
            One SELECT statement. <code>{'{{dataset}}'}</code> is the dataset; <code>{'{{name}}'}</code> is a parameter, bound as a value (a list becomes a quoted list). Comments are stripped.
          </span>
        </label>

        <fieldset className="queries-form__parameters">
          <legend>Parameters</legend>
          {draft.parameters.length === 0 && <p className="field__hint">No parameters: the template runs as written.</p>}
          {draft.parameters.map((row, index) => (
            <div key={index} className="queries-form__parameter" data-testid="parameter-row">
              <label className="field">
                <span className="field__label">Parameter name</span>
                <input className="field__input" aria-label={`Parameter ${index + 1} name`} value={row.name} maxLength={63} onChange={(event) => setParameter(index, { name: event.target.value })} />
              </label>
              <label className="field">
                <span className="field__label">Type</span>
                <select className="field__input" aria-label={`Parameter ${index + 1} type`} value={row.type} onChange={(event) => setParameter(index, { type: event.target.value as TemplateParameterType })}>
                  {PARAMETER_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field queries-form__default">
                <span className="field__label">Default {row.defaultList ? '(one a line)' : ''}</span>
                {row.defaultList ? (
                  <textarea className="field__input" rows={2} aria-label={`Parameter ${index + 1} default`} value={row.defaultText} onChange={(event) => setParameter(index, { defaultText: event.target.value })} />
                ) : (
                  <input className="field__input" aria-label={`Parameter ${index + 1} default`} value={row.defaultText} onChange={(event) => setParameter(index, { defaultText: event.target.value })} />
                )}
                <span className="queries-form__check">
                  <input type="checkbox" id={`${formId}-list-${index}`} checked={row.defaultList} onChange={(event) => setParameter(index, { defaultList: event.target.checked })} />
                  <label htmlFor={`${formId}-list-${index}`}>List</label>
                </span>
              </label>
              <label className="field queries-form__description">
                <span className="field__label">Description</span>
                <input className="field__input" aria-label={`Parameter ${index + 1} description`} value={row.description} maxLength={1000} onChange={(event) => setParameter(index, { description: event.target.value })} />
              </label>
              <button
                type="button"
                className="button button--ghost queries-form__remove"
                aria-label={`Remove parameter ${index + 1}`}
                onClick={() => set({ parameters: draft.parameters.filter((_, at) => at !== index) })}
              >
                Remove
              </button>
            </div>
          ))}
          <div className="queries-form__add">
            <button type="button" className="button button--ghost" onClick={() => set({ parameters: [...draft.parameters, emptyParameter()] })}>
              Add parameter
            </button>
            {undeclared.map((name) => (
              <button key={name} type="button" className="button button--ghost" onClick={() => set({ parameters: [...draft.parameters, { ...emptyParameter(), name }] })}>
                Declare {`{{${name}}}`}
              </button>
            ))}
          </div>
        </fieldset>

        {problems.length > 0 && (
          <ul className="form__error queries-form__problems" role="alert">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        {save.isError && (
          <p className="form__error" role="alert" data-testid="template-error">
            {errorText(save.error)}
          </p>
        )}
      </form>
    </Modal>
  );
}
