// Bookmarks of template runs: the user's own and their organization's, a page at a time. Open fills the run form;
// share and delete follow each answer's actions. Pipeline bookmarks (made elsewhere) are listed but do not open here.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ParameterValues, QueryBookmark } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Spinner } from '../../ui/Spinner';
import { ListError, ListPager, canCreate, recordAbilities } from '../catalogue';
import { PAGE_SIZE, pageInfo } from '../catalogue/paging';
import { formatDate } from '../datasets/format';
import { ShareDialog } from '../sharing';
import { queryKeys, useAllTemplates, useBookmarkPage, type BookmarkScope } from './queries';

type TemplateQuery = { queryTemplateId: string; datasetId?: string; parameters?: ParameterValues };
const templateQueryOf = (bookmark: QueryBookmark): TemplateQuery | null => ('queryTemplateId' in bookmark.query ? bookmark.query : null);

const SCOPES: Record<BookmarkScope, string> = { mine: 'Yours', organization: 'Your organization' };

export function BookmarksSection({ onOpen }: { onOpen(query: TemplateQuery): void }) {
  const user = useSignedInUser();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [scope, setScope] = useState<BookmarkScope>('mine');
  const [page, setPage] = useState(1);
  const list = useBookmarkPage(scope, (page - 1) * PAGE_SIZE, PAGE_SIZE);
  const templates = useAllTemplates();
  const [dialog, setDialog] = useState<{ kind: 'share' | 'delete'; bookmark: QueryBookmark } | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => client.dataQueries.bookmarks.remove(id),
    onSuccess: async () => {
      setDialog(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.bookmarks });
    },
  });
  const templateName = (id: string) => templates.data?.find((template) => template.id === id)?.name ?? 'A template you cannot read';

  let body;
  if (list.isPending) body = <Spinner label="Loading bookmarks…" />;
  else if (list.isError) body = <ListError message={errorText(list.error)} onRetry={() => void list.refetch()} />;
  else if (list.data.total === 0)
    body = (
      <p className="catalogue-list__empty">
        {scope === 'organization'
          ? 'Your organization has no bookmark you may see: bookmarks are private until their owner shares them.'
          : canCreate(user)
            ? 'You have no bookmarks yet. Run a template and save the run as a bookmark to come back to its values.'
            : 'You have no bookmarks of your own: a viewer seat opens the bookmarks others share but does not save any. See your organization’s.'}
      </p>
    );
  else
    body = (
      <>
        <div className="queries-table__scroll">
          <table className="table queries-table" aria-label="Bookmarks" aria-busy={list.isFetching}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Query</th>
                <th scope="col">Owner</th>
                <th scope="col">Updated</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((bookmark) => {
                const may = recordAbilities(bookmark, user);
                const query = templateQueryOf(bookmark);
                return (
                  <tr key={bookmark.id} data-bookmark={bookmark.id}>
                    <td>
                      <span className="queries-table__name">{bookmark.name}</span>
                      {bookmark.description && <span className="queries-table__note">{bookmark.description}</span>}
                    </td>
                    <td>
                      {query ? (
                        <>
                          {templateName(query.queryTemplateId)}
                          <span className="queries-table__note">
                            {Object.entries(query.parameters ?? {})
                              .map(([key, value]) => `${key} = ${Array.isArray(value) ? value.join(', ') : String(value)}`)
                              .join('; ') || 'defaults'}
                          </span>
                        </>
                      ) : (
                        'A query pipeline'
                      )}
                    </td>
                    <td>{bookmark.ownerId === user.id ? 'You' : 'Another member'}</td>
                    <td className="queries-table__date">{formatDate(bookmark.updatedAt)}</td>
                    <td>
                      <div className="queries-table__actions">
                        {query && (
                          <button type="button" className="button button--primary" onClick={() => onOpen(query)}>
                            Open
                          </button>
                        )}
                        {may.share && (
                          <button type="button" className="button button--ghost" onClick={() => setDialog({ kind: 'share', bookmark })}>
                            Share
                          </button>
                        )}
                        {may.delete && (
                          <button type="button" className="button button--ghost" onClick={() => (remove.reset(), setDialog({ kind: 'delete', bookmark }))}>
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
        <ListPager page={pageInfo(list.data.total, page)} onPage={setPage} refreshing={list.isFetching && !list.isPending} />
      </>
    );

  return (
    <section className="card panel catalogue-list" aria-label="Bookmarks">
      <div className="catalogue-list__tools">
        <div className="segmented" role="group" aria-label="Whose bookmarks">
          {(Object.keys(SCOPES) as BookmarkScope[]).map((option) => (
            <button
              key={option}
              type="button"
              className="segmented__option"
              aria-pressed={scope === option}
              onClick={() => {
                setScope(option);
                setPage(1);
              }}
            >
              {SCOPES[option]}
            </button>
          ))}
        </div>
      </div>
      {body}
      {dialog?.kind === 'share' && (
        <ShareDialog target={{ resourceType: 'query-bookmark', resourceId: dialog.bookmark.id, name: dialog.bookmark.name }} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={`Delete “${dialog.bookmark.name}”?`}
          confirmLabel="Delete bookmark"
          danger
          busy={remove.isPending}
          error={remove.isError ? errorText(remove.error) : null}
          onConfirm={() => remove.mutate(dialog.bookmark.id)}
          onClose={() => setDialog(null)}
        >
          The bookmark is deleted for everyone it is shared with; its template stays. This cannot be undone.
        </ConfirmDialog>
      )}
    </section>
  );
}
