// The templates the user reads, a page at a time (the server pages: offset, limit), with their tags and what each
// answer's actions allow: run (anyone who reads it), history, edit, share, delete. The page and the tag filter live in
// the address (`?page=`, `?tags=`); the server applies the filter (`tagId`), as it pages. A maker tags the templates
// they may change several at once.
import { useState } from 'react';
import type { QueryTemplate } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { ListBody, ListTable, canCreate, noMatchText, useListAddress } from '../catalogue';
import { PAGE_SIZE, pageInfo, pageParam, parsePage } from '../catalogue/paging';
import { TagSelectHeader, useListTags } from '../tags';
import { HistoryDialog } from './HistoryDialog';
import { queryKeys, useReadableDatasets, useTemplatePage } from './queries';
import { RecordRow } from './RecordRow';
import { TemplateForm } from './TemplateForm';

type Dialog = { kind: 'edit' | 'history'; template: QueryTemplate } | null;

const EMPTY_MAKER = 'No query templates yet. Create one: SQL over a dataset with {{name}} parameters that you fill in at each run.';
const EMPTY_VIEWER = 'No query template is shared with you yet. A viewer seat runs the templates others share but does not create them.';

export function TemplatesSection({ onRun }: { onRun(id: string): void }) {
  const user = useSignedInUser();
  const client = useApiClient();
  const address = useListAddress();
  const page = parsePage(address.params.get('page'));
  const tags = useListTags('query-template', { plural: 'templates', address, listKey: queryKeys.templates });
  const list = useTemplatePage((page - 1) * PAGE_SIZE, PAGE_SIZE, tags.ids);
  const datasets = useReadableDatasets();
  const [dialog, setDialog] = useState<Dialog>(null);
  const datasetName = (id: string | null) => (id === null ? '—' : (datasets.data?.find((dataset) => dataset.id === id)?.name ?? 'A dataset you cannot list'));

  return (
    <section className="card panel catalogue-list" aria-label="Templates">
      <div className="catalogue-list__tools">
        {tags.filter}
        {tags.bar}
      </div>
      <ListBody
        list={list}
        loading="Loading templates…"
        count={(data) => data.total}
        empty={noMatchText('query template', '', tags.described) ?? (canCreate(user) ? EMPTY_MAKER : EMPTY_VIEWER)}
        pager={{ page: pageInfo(list.data?.total ?? 0, page), onPage: (next) => address.update({ page: pageParam(next) }) }}
      >
        {(data) => (
          <ListTable
            block="queries-table"
            label="Query templates"
            busy={list.isFetching}
            columns={['Name', 'Dataset', { label: 'Version', numeric: true }, 'Owner', 'Tags', 'Updated']}
            pickHeader={tags.select && <TagSelectHeader />}
          >
            {data.items.map((template) => (
              <RecordRow
                key={template.id}
                resourceType="query-template"
                record={template}
                tags={tags}
                cells={
                  <>
                    <td>{datasetName(template.datasetId)}</td>
                    <td className="num">{template.version}</td>
                  </>
                }
                deletion={{
                  label: 'Delete template',
                  text: `The template and its ${template.version === 1 ? 'one version' : `${template.version} versions`} are deleted for everyone it is shared with. Bookmarks of it stop working. This cannot be undone.`,
                  remove: () => client.dataQueries.templates.remove(template.id),
                }}
                actions={(may) => (
                  <>
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
                  </>
                )}
              />
            ))}
          </ListTable>
        )}
      </ListBody>
      {dialog?.kind === 'edit' && <TemplateForm template={dialog.template} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'history' && <HistoryDialog template={dialog.template} datasetName={datasetName} onClose={() => setDialog(null)} />}
    </section>
  );
}
