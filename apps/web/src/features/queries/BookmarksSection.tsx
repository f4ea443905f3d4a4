// Bookmarks of template runs: the user's own and their organization's, a page at a time, with their tags. Open fills
// the run form; rename, share and delete follow each answer's actions. Pipeline bookmarks (made elsewhere) are listed
// but do not open here. Whose bookmarks, the page and the tag filter live in the address (`?scope=`, `?page=`, `?tags=`); the
// server applies the filter (`tagId`), as it pages. A maker tags the bookmarks they may change several at once.
import { useState } from 'react';
import type { ParameterValues, QueryBookmark } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { ListBody, ListTable, ScopeTabs, canCreate, noMatchText, useListAddress } from '../catalogue';
import { PAGE_SIZE, pageInfo, pageParam, parsePage } from '../catalogue/paging';
import { TagSelectHeader, useListTags } from '../tags';
import { BOOKMARK_SCOPES, parseBookmarkScope, queryKeys, useAllTemplates, useBookmarkPage } from './queries';
import { BookmarkDialog, describeValues } from './BookmarkDialog';
import { RecordRow } from './RecordRow';

type TemplateQuery = { queryTemplateId: string; datasetId?: string; parameters?: ParameterValues };
const templateQueryOf = (bookmark: QueryBookmark): TemplateQuery | null => ('queryTemplateId' in bookmark.query ? bookmark.query : null);

const EMPTY_ORGANIZATION = 'Your organization has no bookmark you may see: bookmarks are private until their owner shares them.';
const EMPTY_MAKER = 'You have no bookmarks yet. Run a template and save the run as a bookmark to come back to its values.';
const EMPTY_VIEWER = 'You have no bookmarks of your own: a viewer seat opens the bookmarks others share but does not save any. See your organization’s.';

export function BookmarksSection({ onOpen }: { onOpen(query: TemplateQuery): void }) {
  const user = useSignedInUser();
  const client = useApiClient();
  const address = useListAddress();
  const scope = parseBookmarkScope(address.params.get('scope'));
  const page = parsePage(address.params.get('page'));
  const tags = useListTags('query-bookmark', { plural: 'bookmarks', address, listKey: queryKeys.bookmarks });
  const list = useBookmarkPage(scope, (page - 1) * PAGE_SIZE, PAGE_SIZE, tags.ids);
  const templates = useAllTemplates();
  const templateName = (id: string) => templates.data?.find((template) => template.id === id)?.name ?? 'A template you cannot read';
  const whyEmpty = scope === 'organization' ? EMPTY_ORGANIZATION : canCreate(user) ? EMPTY_MAKER : EMPTY_VIEWER;
  const [renaming, setRenaming] = useState<QueryBookmark | null>(null);

  return (
    <section className="card panel catalogue-list" aria-label="Bookmarks">
      <div className="catalogue-list__tools">
        <ScopeTabs label="Whose bookmarks" value={scope} options={BOOKMARK_SCOPES} onChange={(option) => address.update({ scope: option === 'mine' ? null : option, page: null })} />
        {tags.filter}
        {tags.bar}
      </div>
      <ListBody
        list={list}
        loading="Loading bookmarks…"
        count={(data) => data.total}
        empty={noMatchText('bookmark', '', tags.described) ?? whyEmpty}
        pager={{ page: pageInfo(list.data?.total ?? 0, page), onPage: (next) => address.update({ page: pageParam(next) }) }}
      >
        {(data) => (
          <ListTable
            block="queries-table"
            label="Bookmarks"
            busy={list.isFetching}
            columns={['Name', 'Query', 'Owner', 'Tags', 'Updated']}
            pickHeader={tags.select && <TagSelectHeader />}
          >
            {data.items.map((bookmark) => {
              const query = templateQueryOf(bookmark);
              return (
                <RecordRow
                  key={bookmark.id}
                  resourceType="query-bookmark"
                  record={bookmark}
                  tags={tags}
                  cells={
                    <td>
                      {query ? (
                        <>
                          {templateName(query.queryTemplateId)}
                          <span className="queries-table__note">{describeValues(query.parameters ?? {}) || 'defaults'}</span>
                        </>
                      ) : (
                        'A query pipeline'
                      )}
                    </td>
                  }
                  deletion={{
                    label: 'Delete bookmark',
                    text: 'The bookmark is deleted for everyone it is shared with; its template stays. This cannot be undone.',
                    remove: () => client.dataQueries.bookmarks.remove(bookmark.id),
                  }}
                  actions={(may) => (
                    <>
                      {query && (
                        <button type="button" className="button button--primary" onClick={() => onOpen(query)}>
                          Open
                        </button>
                      )}
                      {may.write && (
                        <button type="button" className="button button--ghost" onClick={() => setRenaming(bookmark)}>
                          Rename
                        </button>
                      )}
                    </>
                  )}
                />
              );
            })}
          </ListTable>
        )}
      </ListBody>
      {renaming && <BookmarkDialog bookmark={renaming} onClose={() => setRenaming(null)} />}
    </section>
  );
}
