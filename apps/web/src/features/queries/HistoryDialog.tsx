// A template's versions, newest first, a page at a time (offset, limit): every save stores one.
import { useState } from 'react';
import type { QueryTemplate } from '@atlas/domain';
import { errorText } from '../../api/errors';
import { Spinner } from '../../ui/Spinner';
import { ListPager } from '../catalogue';
import { pageInfo } from '../catalogue/paging';
import { formatDate } from '../datasets/format';
import { Modal } from '../sharing';
import { valueText } from './model';
import { useTemplateHistory } from './queries';

const HISTORY_PAGE = 10;

export function HistoryDialog({ template, datasetName, onClose }: { template: QueryTemplate; datasetName(id: string | null): string; onClose(): void }) {
  const [page, setPage] = useState(1);
  const history = useTemplateHistory(template.id, (page - 1) * HISTORY_PAGE, HISTORY_PAGE);
  return (
    <Modal title={`History of “${template.name}”`} onClose={onClose} wide>
      {history.isPending ? (
        <Spinner label="Loading versions…" />
      ) : history.isError ? (
        <p className="form__error" role="alert">
          {errorText(history.error)}
        </p>
      ) : (
        <>
          <ol className="queries-history" aria-label="Versions">
            {history.data.items.map((version) => (
              <li key={version.version} className="queries-history__item" data-version={version.version}>
                <div className="queries-history__head">
                  <strong>Version {version.version}</strong>
                  <span>{formatDate(version.createdAt)}</span>
                  <span>{version.name}</span>
                  <span>Dataset: {datasetName(version.datasetId)}</span>
                </div>
                {version.description && <p className="queries-history__parameters">{version.description}</p>}
                <pre className="queries-history__sql">{version.template}</pre>
                {version.parameters.length > 0 && (
                  <p className="queries-history__parameters">
                    Parameters:{' '}
                    {version.parameters
                      .map((parameter) => `${parameter.name} (${parameter.type}${parameter.default === undefined ? '' : `, default ${valueText(parameter.default).replace(/\n/g, ', ')}`})`)
                      .join('; ')}
                  </p>
                )}
              </li>
            ))}
          </ol>
          <ListPager page={pageInfo(history.data.total, page, HISTORY_PAGE)} onPage={setPage} refreshing={history.isFetching} />
        </>
      )}
    </Modal>
  );
}
