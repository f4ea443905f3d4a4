// The templates the user reads, a page at a time (the server pages: offset, limit), with what each answer's actions
// allow: run (anyone who reads it), history, edit, share, delete.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryTemplate } from '@atlas/domain';
import { errorText } from '../../api/errors';
import { useApiClient } from '../../api/ApiClientContext';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Spinner } from '../../ui/Spinner';
import { ListError, ListPager, canCreate, recordAbilities } from '../catalogue';
import { PAGE_SIZE, pageInfo } from '../catalogue/paging';
import { formatDate } from '../datasets/format';
import { ShareDialog } from '../sharing';
import { HistoryDialog } from './HistoryDialog';
import { queryKeys, useReadableDatasets, useTemplatePage } from './queries';
import { TemplateForm } from './TemplateForm';

type Dialog = { kind: 'edit' | 'history' | 'share' | 'delete'; template: QueryTemplate } | null;

export function TemplatesSection({ onRun }: { onRun(id: string): void }) {
  const user = useSignedInUser();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useTemplatePage((page - 1) * PAGE_SIZE, PAGE_SIZE);
  const datasets = useReadableDatasets();
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useMutation({
    mutationFn: (id: string) => client.dataQueries.templates.remove(id),
    onSuccess: async () => {
      setDialog(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.templates });
    },
  });
  const datasetName = (id: string | null) => (id === null ? '—' : (datasets.data?.find((dataset) => dataset.id === id)?.name ?? 'A dataset you cannot list'));

  let body;
  if (list.isPending) body = <Spinner label="Loading templates…" />;
  else if (list.isError) body = <ListError message={errorText(list.error)} onRetry={() => void list.refetch()} />;
  else if (list.data.total === 0)
    body = (
      <p className="catalogue-list__empty">
        {canCreate(user)
          ? 'No query templates yet. Create one: SQL over a dataset with {{name}} parameters that you fill in at each run.'
          : 'No query template is shared with you yet. A viewer seat runs the templates others share but does not create them.'}
      </p>
    );
  else {
    const info = pageInfo(list.data.total, page);
    body = (
      <>
        <div className="queries-table__scroll">
          <table className="table queries-table" aria-label="Query templates" aria-busy={list.isFetching}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Dataset</th>
                <th scope="col" className="num">
                  Version
                </th>
                <th scope="col">Owner</th>
                <th scope="col">Updated</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((template) => {
                const may = recordAbilities(template, user);
                return (
                  <tr key={template.id} data-template={template.id}>
                    <td>
                      <span className="queries-table__name">{template.name}</span>
                      {template.description && <span className="queries-table__note">{template.description}</span>}
                    </td>
                    <td>{datasetName(template.datasetId)}</td>
                    <td className="num">{template.version}</td>
                    <td>{template.ownerId === user.id ? 'You' : 'Another member'}</td>
                    <td className="queries-table__date">{formatDate(template.updatedAt)}</td>
                    <td>
                      <div className="queries-table__actions">
                        <button type="button" className="button button--primary" onClick={() => onRun(template.id)}>
                          Run
                        </button>
                        <button type="button" className="button button--ghost" onClick={() => setDialog({ kind: 'history', template })}>
                          History
                        </button>
                        {may.write && (
                          <button type="button" className="button button--ghost" onClick={() => setDialog({ kind: 'edit', template })}>
                            Edit
                          </button>
                        )}
                        {may.share && (
                          <button type="button" className="button button--ghost" onClick={() => setDialog({ kind: 'share', template })}>
                            Share
                          </button>
                        )}
                        {may.delete && (
                          <button type="button" className="button button--ghost" onClick={() => (remove.reset(), setDialog({ kind: 'delete', template }))}>
                            Delete
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <ListPager page={info} onPage={setPage} refreshing={list.isFetching && !list.isPending} />
      </>
    );
  }

  return (
    <section className="card panel catalogue-list" aria-label="Templates">
      {body}
      {dialog?.kind === 'edit' && <TemplateForm template={dialog.template} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'history' && <HistoryDialog template={dialog.template} datasetName={datasetName} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'share' && (
        <ShareDialog target={{ resourceType: 'query-template', resourceId: dialog.template.id, name: dialog.template.name }} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={`Delete “${dialog.template.name}”?`}
          confirmLabel="Delete template"
          danger
          busy={remove.isPending}
          error={remove.isError ? errorText(remove.error) : null}
          onConfirm={() => remove.mutate(dialog.template.id)}
          onClose={() => setDialog(null)}
        >
          The template and its {dialog.template.version === 1 ? 'one version' : `${dialog.template.version} versions`} are deleted for everyone it is shared with. Bookmarks of it stop working. This cannot be undone.
        </ConfirmDialog>
      )}
    </section>
  );
}
