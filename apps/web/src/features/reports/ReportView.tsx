// A published report as the public sees it: read-only, its name, description and each dataset with the columns and
// first rows its snapshot holds (docs/reports.md).
import type { PublishedItem } from '@atlas/domain';
import { cellText } from '../../ui/cellText';
import { PageChrome } from '../public-view/PageChrome';
import { publishedDate } from '../publishing/publication';
import { readSnapshot, type DatasetSnapshot } from './reportModel';
import './reports.css';

export function ReportView({ item }: { item: Pick<PublishedItem, 'name' | 'description' | 'publishedAt' | 'datasets' | 'config'> }) {
  const snapshot = readSnapshot(item.config.config, item.datasets);
  return (
    <PageChrome title={item.name} note={`Published ${publishedDate(item.publishedAt)} · read-only`}>
      <article className="report-view" data-testid="report-view">
        <header className="report-view__head">
          <h1 className="report-view__title">{item.name}</h1>
          {item.description && <p className="report-view__description">{item.description}</p>}
          <p className="report-view__meta">
            {item.datasets.length === 1 ? '1 dataset' : `${item.datasets.length} datasets`}
            {snapshot.takenAt && ` · data as of ${new Date(snapshot.takenAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}`}
          </p>
        </header>
        {snapshot.datasets.map((dataset) => (
          <DatasetPart key={dataset.id} dataset={dataset} includeRows={snapshot.includeRows} />
        ))}
      </article>
    </PageChrome>
  );
}

function DatasetPart({ dataset, includeRows }: { dataset: DatasetSnapshot; includeRows: boolean }) {
  return (
    <section className="card report-dataset" aria-label={dataset.name} data-testid="report-dataset">
      <h2 className="report-dataset__name">{dataset.name}</h2>
      {dataset.note ? (
        <p className="report-dataset__note">{dataset.note}</p>
      ) : (
        <>
          <p className="report-dataset__columns">
            <span className="report-dataset__label">{dataset.columns.length === 1 ? '1 column' : `${dataset.columns.length} columns`}:</span>{' '}
            {dataset.columns.map((column) => (
              <code key={column} className="report-dataset__column">
                {column}
              </code>
            ))}
          </p>
          {dataset.rows.length > 0 ? (
            <div className="report-dataset__scroll">
              <table className="table report-dataset__table" aria-label={`First rows of ${dataset.name}`}>
                <thead>
                  <tr>
                    {dataset.columns.map((column) => (
                      <th key={column} scope="col">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {dataset.rows.map((row, index) => (
                    <tr key={index}>
                      {dataset.columns.map((column, cell) => (
                        <td key={column}>{cellText(row[cell])}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="report-dataset__note">{includeRows ? 'The dataset had no rows when the report was published.' : 'The report shows the columns only.'}</p>
          )}
        </>
      )}
    </section>
  );
}
