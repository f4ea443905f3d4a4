// /workspace/workbooks: the user's workbooks, their organization's and those shared with them, as a table with owner,
// datasets, tags and last change; search, tag filter, sort and page live in the address. A maker starts a new one here
// and tags the workbooks they may change several at once.
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@atlas/routes';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { PageHeader } from '../../ui/PageHeader';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ListBody, ListTable, ScopeTabs, canCreate, noMatchText, parseScope, useListAddress, type ListScope } from '../catalogue';
import { pageParam } from '../catalogue/paging';
import { TagSelectHeader, useListTags } from '../tags';
import { WORKBOOK_SORTS, WORKBOOK_SORT_LABELS, parsePage, parseWorkbookSort, workbookPage } from './listing';
import { useWorkbookList, workbookKeys } from './queries';
import { WorkbookRow } from './WorkbookRow';
import './workbooks.css';

const EMPTY: Record<ListScope, string> = {
  mine: 'You have no workbooks yet. Start a new workbook, on its own or from one of your datasets.',
  organization: 'Nobody in your organization has a workbook yet.',
  shared: 'Nobody has shared a workbook with you. Workbooks that others share with you, or with your organization, appear here.',
};
const EMPTY_VIEWER = 'You have no workbooks of your own: a viewer seat opens workbooks but does not make them. See your organization’s.';

export function WorkbooksPage() {
  useDocumentTitle('Workbooks');
  const user = useSignedInUser();
  const maker = canCreate(user);
  const address = useListAddress();
  const { params: search, update, query, typed, setTyped } = address;
  const scope = parseScope(search.get('scope'));
  const sort = parseWorkbookSort(search.get('sort'));
  const requested = parsePage(search.get('page'));
  const tags = useListTags('workbook', { plural: 'workbooks', address, listKey: workbookKeys.all });

  const list = useWorkbookList(scope, query);
  const shown = workbookPage(tags.keep(list.data ?? []), { sort, page: requested });

  // A page past the end (the list shrank, or an old address): go to the last page there is.
  const pastEnd = list.data !== undefined && requested > shown.page.page;
  useEffect(() => {
    if (pastEnd) update({ page: pageParam(shown.page.page) });
  });

  return (
    <div className="page">
      <div className="catalogue-page__head">
        <PageHeader title="Workbooks" subtitle="Your workbooks, your organization’s, and those shared with you." />
        {maker && (
          <div className="catalogue-page__create">
            <Link to={paths.newWorkbook()} className="button button--primary">
              New workbook
            </Link>
          </div>
        )}
      </div>

      <section className="card panel catalogue-list" aria-label="Workbook list">
        <div className="catalogue-list__tools">
          <ScopeTabs label="Whose workbooks" value={scope} onChange={(option) => update({ scope: option === 'mine' ? null : option, page: null })} />
          <input className="field__input catalogue-list__search" type="search" value={typed} placeholder="Search by name" aria-label="Search workbooks" onChange={(event) => setTyped(event.target.value)} />
          {tags.filter}
          <select
            className="field__input catalogue-list__select"
            value={sort}
            aria-label="Sort by"
            onChange={(event) => update({ sort: event.target.value === 'updated' ? null : event.target.value, page: null })}
          >
            {WORKBOOK_SORTS.map((option) => (
              <option key={option} value={option}>
                {WORKBOOK_SORT_LABELS[option]}
              </option>
            ))}
          </select>
          {tags.bar}
        </div>
        <ListBody
          list={list}
          loading="Loading workbooks…"
          count={() => shown.items.length}
          empty={noMatchText('workbook', query, tags.described) ?? (scope === 'mine' && !maker ? EMPTY_VIEWER : EMPTY[scope])}
          pager={{ page: shown.page, onPage: (next) => update({ page: pageParam(next) }) }}
        >
          {() => (
            <ListTable
              block="workbooks-table"
              label="Workbooks"
              busy={list.isFetching}
              columns={['Name', 'Owner', { label: 'Datasets', numeric: true }, 'Tags', 'Updated']}
              pickHeader={tags.select && <TagSelectHeader />}
            >
              {shown.items.map((record) => (
                <WorkbookRow key={record.id} record={record} select={tags.select?.(record)} />
              ))}
            </ListTable>
          )}
        </ListBody>
      </section>
    </div>
  );
}
