// The user's own query executions, newest first, a page at a time; refreshed while one is queued or running, which
// can be cancelled from here too.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { ListBody, ListTable } from '../catalogue';
import { PAGE_SIZE, pageInfo } from '../catalogue/paging';
import { formatDate } from '../datasets/format';
import { StateBadge } from './ExecutionState';
import { durationText, isActive, valueText } from './model';
import { useAllTemplates, useExecutionPage } from './queries';

export function ExecutionsSection() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useExecutionPage((page - 1) * PAGE_SIZE, PAGE_SIZE);
  const templates = useAllTemplates();
  const cancel = useMutation({
    mutationFn: (id: string) => client.dataQueries.cancel(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['data-queries', 'executions'] }),
  });
  const templateName = (id: string | null) => (id === null ? 'A pipeline' : (templates.data?.find((template) => template.id === id)?.name ?? 'A template you cannot read'));

  return (
    <section className="card panel catalogue-list" aria-label="Executions">
      <ListBody
        list={list}
        loading="Loading executions…"
        count={(data) => data.total}
        empty="You have run no query yet: every run of a template, map or dashboard query is listed here."
        pager={{ page: pageInfo(list.data?.total ?? 0, page), onPage: setPage }}
      >
        {(data) => (
          <>
            <ListTable
              block="queries-table"
              label="Executions"
              busy={list.isFetching}
              columns={['State', 'Query', { label: 'Rows', numeric: true }, 'Took', 'Started']}
            >
              {data.items.map((execution) => (
                <tr key={execution.id} data-execution={execution.id}>
                  <td>
                    <StateBadge state={execution.status} />
                    {execution.error && <span className="queries-table__note">{execution.error}</span>}
                  </td>
                  <td>
                    {execution.kind === 'template' ? templateName(execution.queryTemplateId) : 'A pipeline'}
                    {execution.queryTemplateVersion !== null && ` (v${execution.queryTemplateVersion})`}
                    {execution.parameters && Object.keys(execution.parameters).length > 0 && (
                      <span className="queries-table__note">
                        {Object.entries(execution.parameters)
                          .map(([key, value]) => `${key} = ${valueText(value).replace(/\n/g, ', ')}`)
                          .join('; ')}
                      </span>
                    )}
                  </td>
                  <td className="num">{execution.rowCount === null ? '—' : execution.rowCount.toLocaleString('en-US')}</td>
                  <td>{durationText(execution) ?? '—'}</td>
                  <td className="queries-table__date">{formatDate(execution.startedAt ?? execution.createdAt)}</td>
                  <td>
                    {isActive(execution.status) && (
                      <button type="button" className="button button--ghost" disabled={cancel.isPending} onClick={() => cancel.mutate(execution.id)}>
                        Cancel
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </ListTable>
            {cancel.isError && (
              <p className="form__error" role="alert">
                {errorText(cancel.error)}
              </p>
            )}
          </>
        )}
      </ListBody>
    </section>
  );
}
