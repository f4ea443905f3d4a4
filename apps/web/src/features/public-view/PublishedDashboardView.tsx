// A published dashboard: the analytic set read-only with its saved values. The bi feature's parts as they are — query
// bar, side-menu layout, chart cards — with the query bar disabled, no chart interaction that changes values, no
// Save, Share or Send parameters. Which route answers the charts is the page's business (the ApiClient in context).
import { useMemo, type CSSProperties } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AnalyticSetDefinition, Labels } from '@atlas/domain';
import { ChartCard, VIEW_KEY, ViewMenu, chartCells, dashboardValues, insightStateOf, menuEntries, selectedEntry } from '../bi/dashboard';
import { QueryBar } from '../bi/query-bar';
import '../bi/dashboard/dashboard.css';

export interface PublishedDashboardViewProps {
  name: string;
  definition: AnalyticSetDefinition;
  labels: Labels;
  /** The saved query-bar values; the address cannot change them. */
  values: Record<string, unknown>;
}

export function PublishedDashboardView({ name, definition, labels, values: saved }: PublishedDashboardViewProps) {
  const [search] = useSearchParams();
  const insightState = useMemo(() => insightStateOf(definition), [definition]);
  const entries = useMemo(() => menuEntries(insightState), [insightState]);
  // Defaults, then the saved values; never the address's (a public link cannot re-query with other values).
  const values = useMemo(() => dashboardValues(definition, new URLSearchParams(), saved), [definition, saved]);
  const entry = selectedEntry(entries, search.get(VIEW_KEY));
  const viewLink = (id: string) => ({ search: `?${new URLSearchParams({ [VIEW_KEY]: id }).toString()}` });

  return (
    <div className="bi-dashboard publishing-dashboard" data-set={definition.id} data-testid="published-dashboard">
      <header className="bi-header">
        <div className="bi-header__text">
          <p className="bi-breadcrumb">{definition.title}</p>
          <h1 className="bi-header__title">
            <span data-testid="dashboard-title">{name}</span>
          </h1>
          <p className="bi-header__description">{definition.description}</p>
        </div>
      </header>
      <div className="bi-body">
        <ViewMenu entries={entries} selectedId={entry?.id} linkTo={viewLink} />
        <main className="bi-main">
          <fieldset className="bi-querybar publishing-dashboard__querybar" disabled aria-label="Saved filters (read-only)">
            <QueryBar definition={definition} insightState={insightState} labels={labels} values={values} onChange={() => undefined} problems={[]} />
          </fieldset>
          {entry?.sections.map((section) => (
            <section key={section.id} className="bi-section" aria-label={section.title}>
              {entry.sections.length > 1 && <h2 className="bi-section__title">{section.title}</h2>}
              <div className="bi-grid" style={{ '--bi-columns': insightState.gridColumns } as CSSProperties}>
                {chartCells(section.charts, insightState.gridColumns).map((cell) => (
                  <ChartCard
                    key={cell.chart.id}
                    setId={definition.id}
                    definition={definition}
                    chart={cell.chart}
                    values={values}
                    labels={labels}
                    span={cell.span}
                    height={cell.height}
                    fixedHeight={cell.fixedHeight}
                  />
                ))}
              </div>
            </section>
          ))}
        </main>
      </div>
    </div>
  );
}
