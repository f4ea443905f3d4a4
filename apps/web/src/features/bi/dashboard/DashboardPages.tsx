// The two dashboard routes: /dashboard/new?templateId=… (an analytic set, or the gallery to pick one) and
// /dashboard/{id} (a saved dashboard, whose URL values override the saved ones). A viewer seat saves no dashboard: the
// bare /dashboard/new (pick a template to start one) explains that instead; an analytic set opened by its address is
// still shown to it, read-only, since a link carries the values someone wants it to see.
import { useParams, useSearchParams } from 'react-router-dom';
import type { AnalyticSetId, CatalogueRecord } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { errorText } from '../../../api/errors';
import { useSignedInUser } from '../../../api/SignedInUserContext';
import { ErrorState } from '../../../ui/ErrorState';
import { Spinner } from '../../../ui/Spinner';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { canCreate } from '../../catalogue';
import { PageFrame } from '../../dashboards/PageFrame';
import { TemplateGallery } from '../../dashboards/TemplateGallery';
import { ViewerSeatNotice } from '../../dashboards/ViewerSeatNotice';
import { PageHeader } from '../../../ui/PageHeader';
import { DashboardView } from './DashboardView';
import { TEMPLATE_KEY, newDashboardTarget, readDashboardState, type DashboardStateData } from './dashboardState';
import { useAnalyticSet, useInsight, useLabels } from './queries';

export function NewDashboardPage() {
  const [search] = useSearchParams();
  const target = newDashboardTarget(search.get(TEMPLATE_KEY));
  const maker = canCreate(useSignedInUser());
  let content;
  if (target.kind === 'set') content = <DashboardLoader setId={target.setId} />;
  else if (maker) content = <PickTemplate unknownTemplateId={target.unknownTemplateId} />;
  else content = <NoNewDashboard />;
  return <PageFrame>{content}</PageFrame>;
}

/** The bare /dashboard/new for a viewer seat: the server refuses it a dashboard, so no template is offered. */
function NoNewDashboard() {
  useDocumentTitle('New dashboard');
  return (
    <ViewerSeatNotice
      title="Dashboards are saved by makers"
      text="you can open the dashboards that are shared with you, but not start or save one."
      to={paths.dashboards()}
      linkLabel="See the dashboards"
      testId="new-dashboard-viewer"
    />
  );
}

export function SavedDashboardPage() {
  const { id = '' } = useParams();
  const insight = useInsight(id);
  const saved = insight.data ? readDashboardState(insight.data) : null;
  let content;
  if (insight.isError) content = <ErrorState title="Could not open this dashboard" message={errorText(insight.error)} onRetry={() => void insight.refetch()} />;
  else if (!insight.data) content = <Loading label="Opening the dashboard…" />;
  else if (!saved) content = <ErrorState title="Could not open this dashboard" message={`“${insight.data.name}” holds no analytic-set dashboard.`} />;
  else content = <DashboardLoader setId={saved.templateId} insight={insight.data} saved={saved} />;
  return <PageFrame>{content}</PageFrame>;
}

/** Loads the set's definition (as the organization sees it) and the labels, then shows the dashboard. */
function DashboardLoader({ setId, insight, saved }: { setId: AnalyticSetId; insight?: CatalogueRecord; saved?: DashboardStateData }) {
  const definition = useAnalyticSet(setId);
  const labels = useLabels();
  const failed = definition.error ?? labels.error;
  if (failed)
    return (
      <ErrorState
        title="Could not open the analytic set"
        message={errorText(failed)}
        onRetry={() => {
          void definition.refetch();
          void labels.refetch();
        }}
      />
    );
  if (!definition.data || !labels.data) return <Loading label="Opening the analytic set…" />;
  return <DashboardView definition={definition.data} labels={labels.data} insight={insight} saved={saved} />;
}

function Loading({ label }: { label: string }) {
  return (
    <div className="bi-loading">
      <Spinner label={label} />
    </div>
  );
}

function PickTemplate({ unknownTemplateId }: { unknownTemplateId?: string }) {
  useDocumentTitle('New dashboard');
  return (
    <div className="bi-pick">
      <PageHeader
        title="New dashboard"
        subtitle={
          unknownTemplateId ? (
            <span role="alert">
              There is no analytic set “{unknownTemplateId}”. Choose one of these templates.
            </span>
          ) : (
            'Choose the analytic set your dashboard starts from.'
          )
        }
      />
      <TemplateGallery />
    </div>
  );
}
