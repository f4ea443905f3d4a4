// /workspace/dashboards: the user's saved dashboards (insight records), those shared with them, and, for a maker
// seat, the seven analytic sets as templates of a new one (a viewer seat saves none: no New dashboard, no templates).
// `?tags=` keeps the dashboards carrying every tag picked; a maker tags the dashboards they may change several at once.
import { Link } from 'react-router-dom';
import { ANALYTIC_SET_IDS, type CatalogueRecord } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { canCreate, noMatchText, recordAbilities, useListAddress } from '../catalogue';
import { readDashboardState } from '../bi/dashboard/dashboardState';
import { biKeys, useAnalyticSets, useInsightList } from '../bi/dashboard/queries';
import { TagChips, TagSelectHeader, useListTags, type ListTags } from '../tags';
import { TemplateGallery } from './TemplateGallery';
import './dashboards.css';

const EMPTY = 'No saved dashboards yet. Open a template below, choose its filters and Save.';
const EMPTY_VIEWER = 'You have no dashboards of your own: a viewer seat opens the dashboards shared with it but does not save them.';
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export function DashboardsPage() {
  useDocumentTitle('Dashboards');
  const mine = useInsightList('mine');
  const shared = useInsightList('shared');
  const maker = canCreate(useSignedInUser());
  const tags = useListTags('insight', { plural: 'dashboards', address: useListAddress(), listKey: biKeys.insightLists });
  // Nothing to filter or tag while the user has no dashboard (and no filter in the address to drop).
  const anyDashboard = (mine.data?.items.length ?? 0) + (shared.data?.items.length ?? 0) > 0 || tags.ids.length > 0;
  return (
    <div className="page dashboards-page">
      <div className="dashboards-page__head">
        <PageHeader title="Dashboards" subtitle={maker ? 'Your saved dashboards, and the analytic sets to start a new one from.' : 'Your saved dashboards, and those shared with you.'} />
        {maker && (
          <Link to={paths.newDashboard()} className="button button--primary">
            New dashboard
          </Link>
        )}
      </div>

      {anyDashboard && (
        <div className="catalogue-list__tools dashboards-page__tools">
          {tags.filter}
          {tags.bar}
        </div>
      )}

      <section className="card panel" aria-labelledby="my-dashboards">
        <h2 id="my-dashboards" className="panel__title">
          Your dashboards
        </h2>
        <DashboardTable list={mine} empty={maker ? EMPTY : EMPTY_VIEWER} tags={tags} />
      </section>

      {shared.data && shared.data.items.length > 0 && (
        <section className="card panel" aria-labelledby="shared-dashboards">
          <h2 id="shared-dashboards" className="panel__title">
            Shared with you
          </h2>
          <DashboardTable list={shared} empty="" tags={tags} />
        </section>
      )}

      {maker && (
        <section className="dashboards-page__templates" aria-labelledby="templates-heading">
          <h2 id="templates-heading" className="dashboards-page__section-title">
            Templates
          </h2>
          <TemplateGallery />
        </section>
      )}
    </div>
  );
}

interface DashboardTableProps {
  list: ReturnType<typeof useInsightList>;
  empty: string;
  /** The tag filter, and the pick boxes of bulk tagging (makers) on the dashboards the user may change. */
  tags: ListTags;
}

function DashboardTable({ list, empty, tags }: DashboardTableProps) {
  const user = useSignedInUser();
  const sets = useAnalyticSets();
  const titles = new Map(ANALYTIC_SET_IDS.map((setId, index) => [setId, sets[index]?.data?.title ?? setId]));
  if (list.isPending) return <Spinner label="Loading dashboards…" />;
  if (list.isError)
    return (
      <p className="form__error" role="alert">
        {errorText(list.error)}
      </p>
    );
  if (list.data.items.length === 0) return <p className="dashboards-page__empty">{empty}</p>;
  const items = tags.keep(list.data.items);
  if (items.length === 0) return <p className="dashboards-page__empty">{noMatchText('dashboard', '', tags.described)}</p>;
  const setOf = (record: CatalogueRecord) => {
    const state = readDashboardState(record);
    return state ? titles.get(state.templateId) : 'Not an analytic set';
  };
  return (
    <table className="table dashboards-table">
      <thead>
        <tr>
          {tags.select && <TagSelectHeader />}
          <th scope="col">Name</th>
          <th scope="col">Analytic set</th>
          <th scope="col">Tags</th>
          <th scope="col">Last changed</th>
        </tr>
      </thead>
      <tbody>
        {items.map((record) => (
          <tr key={record.id} data-dashboard={record.id}>
            {tags.select && <td className="tag-table-select">{recordAbilities(record, user).write && tags.select(record)}</td>}
            <th scope="row">
              <Link to={paths.dashboard(record.id)}>{record.name}</Link>
            </th>
            <td>{setOf(record)}</td>
            <td>
              <TagChips tags={record.tags} />
            </td>
            <td>{dateFormat.format(new Date(record.updatedAt))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
