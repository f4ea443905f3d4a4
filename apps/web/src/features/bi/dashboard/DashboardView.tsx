// The side-menu layout of an analytic set: header with Save, Share and Send parameters; the query bar; the views of the
// template in a side menu; the selected view's charts on the template's grid. Values and the selected view live in
// the URL, so a link reproduces what is shown.
import { useCallback, useMemo, useState, type CSSProperties } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { validateQueryValues, type AnalyticSetDefinition, type CatalogueRecord, type Labels } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { useSearchUpdate } from '../../../ui/useSearchUpdate';
import { useSignedInUser } from '../../../api/SignedInUserContext';
import { canCreate, recordAbilities } from '../../catalogue';
import { AddToProjectDialog } from '../../projects';
import { PublishDialog } from '../../publishing';
import { ShareDialog } from '../../sharing';
import { QueryBar } from '../query-bar';
import { referencedId, type ChartDefinition } from '../template';
import { ChartCard } from './ChartCard';
import { VIEW_KEY, dashboardValues, defaultDashboardName, keepColumnSelections, searchWithValues, type DashboardStateData } from './dashboardState';
import { chartCells, insightStateOf, menuEntries, selectedEntry, type ChartSection, type MenuEntry } from './layout';
import { biKeys } from './queries';
import { SaveDialog } from './SaveDialog';
import { SendParametersDialog } from './SendParametersDialog';
import { ViewMenu } from './ViewMenu';
import './dashboard.css';

type Dialog = 'save' | 'share' | 'send' | 'publish' | 'project' | null;

export interface DashboardViewProps {
  definition: AnalyticSetDefinition;
  labels: Labels;
  /** The saved dashboard and its state; absent for a new one. */
  insight?: CatalogueRecord;
  saved?: DashboardStateData;
}

export function DashboardView({ definition, labels, insight, saved }: DashboardViewProps) {
  const [search, updateSearch] = useSearchUpdate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const user = useSignedInUser();
  useDocumentTitle(insight?.name ?? definition.title);

  const insightState = useMemo(() => insightStateOf(definition), [definition]);
  const entries = useMemo(() => menuEntries(insightState), [insightState]);
  const charts = useMemo(() => uniqueCharts(entries), [entries]);
  const values = useMemo(() => dashboardValues(definition, search, saved?.values), [definition, search, saved]);
  const savedValues = useMemo(() => (saved ? dashboardValues(definition, new URLSearchParams(), saved.values) : null), [definition, saved]);
  const unsaved = savedValues !== null && JSON.stringify(values) !== JSON.stringify(savedValues);
  const problems = useMemo(() => validateQueryValues(definition, values), [definition, values]);
  const entry = selectedEntry(entries, search.get(VIEW_KEY));

  const onChange = useCallback(
    (next: Record<string, unknown>) => updateSearch((current) => searchWithValues(definition, current, keepColumnSelections(charts, next)), { replace: true }),
    [definition, charts, updateSearch],
  );

  const onSaved = (record: CatalogueRecord) => {
    queryClient.setQueryData(biKeys.insight(record.id), record);
    void queryClient.invalidateQueries({ queryKey: biKeys.insightLists });
    setDialog(null);
    if (!insight) {
      const view = search.get(VIEW_KEY);
      navigate(`${paths.dashboard(record.id, view ? { [VIEW_KEY]: view } : {})}`);
    }
  };

  const viewLink = (id: string) => {
    const next = new URLSearchParams(search);
    next.set(VIEW_KEY, id);
    return { search: `?${next.toString()}` };
  };

  return (
    <div className="bi-dashboard" data-set={definition.id}>
      <header className="bi-header">
        <div className="bi-header__text">
          <nav className="bi-breadcrumb" aria-label="Breadcrumb">
            <Link to={paths.dashboards()}>Dashboards</Link>
            <span aria-hidden="true">/</span>
            <span>{insight ? definition.title : canCreate(user) ? 'New dashboard' : 'Analytic set'}</span>
          </nav>
          <h1 className="bi-header__title">
            <span data-testid="dashboard-title">{insight?.name ?? definition.title}</span>
            {unsaved && <span className="bi-badge">Unsaved changes</span>}
          </h1>
          <p className="bi-header__description">{definition.description}</p>
        </div>
        <DashboardActions insight={insight} onOpen={setDialog} />
      </header>

      <div className="bi-body">
        <ViewMenu entries={entries} selectedId={entry?.id} linkTo={viewLink} />

        <main className="bi-main">
          <div className="bi-querybar">
            <QueryBar definition={definition} insightState={insightState} labels={labels} values={values} onChange={onChange} problems={problems} />
          </div>
          {entry?.sections.map((section) => (
            <section key={section.id} className="bi-section" aria-label={section.title}>
              {sectionHeading(entry, section) && <h2 className="bi-section__title">{section.title}</h2>}
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
                    onSelectColumn={columnSelector(cell.chart, values, onChange)}
                    onSetValues={cell.chart.periodGranularity ? (patch) => onChange({ ...values, ...patch }) : undefined}
                  />
                ))}
              </div>
            </section>
          ))}
        </main>
      </div>

      {dialog === 'save' && (
        <SaveDialog
          insight={insight}
          proposedName={defaultDashboardName(definition.title, new Date())}
          state={{ templateId: definition.id, values }}
          onSaved={onSaved}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'share' && insight && <ShareDialog target={{ resourceType: 'insight', resourceId: insight.id, name: insight.name, lock: insight.lock }} onClose={() => setDialog(null)} />}
      {dialog === 'project' && insight && (
        <AddToProjectDialog target={{ resourceType: 'insight', resourceId: insight.id, name: insight.name }} onClose={() => setDialog(null)} />
      )}
      {dialog === 'send' && <SendParametersDialog setId={definition.id} values={values} onClose={() => setDialog(null)} />}
      {dialog === 'publish' && insight && <PublishDialog kind="insight" recordId={insight.id} name={insight.name} onClose={() => setDialog(null)} />}
    </div>
  );
}

/**
 * The header's actions, offered only to those the server lets use them: a maker seat saves a new dashboard and sends
 * parameters; those who may write a saved one save, share and publish it. A viewer gets none, and on an unsaved
 * analytic set is told why there is no Save.
 */
function DashboardActions({ insight, onOpen }: { insight?: CatalogueRecord; onOpen(dialog: Dialog): void }) {
  const user = useSignedInUser();
  if (insight) return <SavedDashboardActions insight={insight} onOpen={onOpen} />;
  if (!canCreate(user))
    return (
      <p className="bi-header__note" data-testid="dashboard-viewer-note">
        Read-only: a viewer seat explores analytic sets but does not save dashboards.
      </p>
    );
  return (
    <div className="bi-header__actions">
      <button type="button" className="button button--ghost" onClick={() => onOpen('send')}>
        Send parameters
      </button>
      <button type="button" className="button button--ghost" disabled title="Save the dashboard to share it">
        Share
      </button>
      <button type="button" className="button button--primary" onClick={() => onOpen('save')}>
        Save
      </button>
    </div>
  );
}

function SavedDashboardActions({ insight, onOpen }: { insight: CatalogueRecord; onOpen(dialog: Dialog): void }) {
  const user = useSignedInUser();
  const abilities = recordAbilities(insight, user);
  if (!abilities.write && !canCreate(user)) return null;
  return (
    <div className="bi-header__actions">
      {canCreate(user) && (
        <button type="button" className="button button--ghost" onClick={() => onOpen('send')}>
          Send parameters
        </button>
      )}
      {abilities.share && (
        <button type="button" className="button button--ghost" onClick={() => onOpen('share')}>
          Share
        </button>
      )}
      {canCreate(user) && (
        <button type="button" className="button button--ghost" onClick={() => onOpen('project')}>
          Add to project
        </button>
      )}
      {abilities.write && (
        <button type="button" className="button button--ghost" onClick={() => onOpen('publish')}>
          Publish…
        </button>
      )}
      {abilities.write && (
        <button type="button" className="button button--primary" onClick={() => onOpen('save')}>
          Save
        </button>
      )}
    </div>
  );
}

/** A subview's heading, unless its one chart carries the same title. */
function sectionHeading(entry: MenuEntry, section: ChartSection): boolean {
  if (entry.sections.length === 1 && section.id === entry.id) return false;
  return !(section.charts.length === 1 && section.charts[0]!.title === section.title);
}

/** Every chart of the template once (a view with subviews lists its subviews' charts too). */
function uniqueCharts(entries: MenuEntry[]): ChartDefinition[] {
  const byId = new Map<string, ChartDefinition>();
  for (const entry of entries) for (const section of entry.sections) for (const chart of section.charts) byId.set(chart.id, chart);
  return [...byId.values()];
}

/** A column click of a chart that selects (Cross-Visitation's heatmap) sets its hidden parameter. */
function columnSelector(chart: ChartDefinition, values: Record<string, unknown>, onChange: (next: Record<string, unknown>) => void) {
  const target = chart.onColumnSelect;
  if (!target) return undefined;
  return (value: string) => onChange({ ...values, [referencedId(target.set)]: value });
}
