// /public/{id}: a published map or dashboard, signed out and read-only. The lock screen first when it has a password;
// "not published" when nothing is (missing, pending and unpublished look alike on purpose).
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { PublishedInfo, PublishedItem } from '@atlas/domain';
import { ApiClientProvider, useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { ErrorState } from '../../ui/ErrorState';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { Centered, PageChrome } from './PageChrome';
import { PasswordPrompt } from './PasswordPrompt';
import { PublishedDashboardView } from './PublishedDashboardView';
import { PublishedMapView } from './PublishedMapView';
import { dashboardSnapshot, findPublished, openPublished, type PublishedKind, publishedDate } from '../publishing';
import { publicMapReads, publishedAnalyticsClient } from './publicData';

export function PublicViewPage() {
  const { id = '' } = useParams();
  // A query client of its own: a 401 here is a password answer, and must not end the session of a signed-in visitor
  // (the app's client signs out on any 401).
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <PublicView key={id} id={id} />
    </QueryClientProvider>
  );
}

function PublicView({ id }: { id: string }) {
  const client = useApiClient();
  const found = useQuery({ queryKey: ['public', id, 'info'], queryFn: () => findPublished(client, id) });
  useDocumentTitle(found.data?.info.name ?? 'Published');
  if (found.isError)
    return (
      <Frame>
        <ErrorState title="Could not open this page" message={errorText(found.error)} onRetry={() => void found.refetch()} />
      </Frame>
    );
  if (found.data === undefined)
    return (
      <Frame>
        <Spinner label="Opening…" />
      </Frame>
    );
  if (found.data === null) return <NotPublished />;
  const { kind, info } = found.data;
  return info.passwordProtected ? <Locked id={id} kind={kind} info={info} /> : <Open id={id} kind={kind} />;
}

function Frame({ children, item }: { children: React.ReactNode; item?: Pick<PublishedItem, 'name' | 'publishedAt'> }) {
  return (
    <PageChrome title={item?.name} note={item && `Published ${publishedDate(item.publishedAt)} · read-only`}>
      <Centered>{children}</Centered>
    </PageChrome>
  );
}

function NotPublished() {
  return (
    <Frame>
      <section className="card state-card" data-testid="not-published">
        <h1 className="state-card__title">Not published</h1>
        <p className="state-card__text">Nothing is published at this address. The link may be mistyped, or its owner has unpublished it.</p>
      </section>
    </Frame>
  );
}

function Locked({ id, kind, info }: { id: string; kind: PublishedKind; info: PublishedInfo }) {
  const client = useApiClient();
  const [item, setItem] = useState<PublishedItem | null>(null);
  if (item) return <Published kind={kind} item={item} />;
  return (
    <Frame>
      <PasswordPrompt info={info} onUnlock={async (password) => setItem(await openPublished(client, kind, id, password))} />
    </Frame>
  );
}

function Open({ id, kind }: { id: string; kind: PublishedKind }) {
  const client = useApiClient();
  // Counted as one view: asked once for the page (staleTime Infinity).
  const opened = useQuery({ queryKey: ['public', id, 'item'], queryFn: () => openPublished(client, kind, id) });
  if (opened.isError)
    return (
      <Frame>
        <ErrorState title="Could not open this page" message={errorText(opened.error)} onRetry={() => void opened.refetch()} />
      </Frame>
    );
  if (!opened.data)
    return (
      <Frame>
        <Spinner label="Opening…" />
      </Frame>
    );
  return <Published kind={kind} item={opened.data} />;
}

/** The snapshot itself: the map viewer, or the dashboard with its analytic set read through the publication. */
function Published({ kind, item }: { kind: PublishedKind; item: PublishedItem }) {
  const client = useApiClient();
  const [reads] = useState(() => publicMapReads(client, item.id, item.viewToken, window.location.origin));
  const note = `Published ${publishedDate(item.publishedAt)} · read-only`;
  return (
    <PageChrome title={item.name} note={note}>
      {kind === 'map' ? <PublishedMapView state={item.config.config} datasets={item.datasets} reads={reads} /> : <PublicDashboard item={item} />}
    </PageChrome>
  );
}

function PublicDashboard({ item }: { item: PublishedItem }) {
  const client = useApiClient();
  const [dashboardClient] = useState(() => publishedAnalyticsClient(client, item.id, item.viewToken));
  const set = useQuery({ queryKey: ['public', item.id, 'analytic-set'], queryFn: () => client.publishing.insights.publishedAnalyticSet(item.id, item.viewToken) });
  if (set.isError)
    return (
      <Centered>
        <ErrorState title="Could not open the dashboard" message={errorText(set.error)} onRetry={() => void set.refetch()} />
      </Centered>
    );
  if (!set.data) return <Spinner label="Opening the dashboard…" />;
  return (
    <ApiClientProvider client={dashboardClient}>
      <PublishedDashboardView name={item.name} definition={set.data.definition} labels={set.data.labels} values={dashboardSnapshot(item).values} />
    </ApiClientProvider>
  );
}
