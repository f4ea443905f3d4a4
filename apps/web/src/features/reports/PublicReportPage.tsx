// /public/report/{id}: a published report, signed out and read-only. Its name and description first; the password
// prompt when it has one (a wrong password shows the server's answer); then the report: each dataset with the columns
// and rows its snapshot holds. "Not published" for unknown and pending reports alike, as the server answers them.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ApiError } from '@atlas/client';
import type { PublishedInfo, PublishedItem } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { ErrorState } from '../../ui/ErrorState';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { Centered, PageChrome } from '../public-view/PageChrome';
import { PasswordPrompt } from '../public-view/PasswordPrompt';
import { ReportView } from './ReportView';
import './reports.css';

export function PublicReportPage() {
  const { id = '' } = useParams();
  // A query client of its own: a 401 here is a password answer and must not end a signed-in visitor's session.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <PublicReport key={id} id={id} />
    </QueryClientProvider>
  );
}

const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

function PublicReport({ id }: { id: string }) {
  const client = useApiClient();
  const info = useQuery({
    queryKey: ['public-report', id, 'info'],
    queryFn: async () => {
      try {
        return await client.publishing.reports.info(id);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  });
  useDocumentTitle(info.data?.name ?? 'Report');
  if (info.isError)
    return (
      <Frame>
        <ErrorState title="Could not open this report" message={errorText(info.error)} onRetry={() => void info.refetch()} />
      </Frame>
    );
  if (info.data === undefined)
    return (
      <Frame>
        <Spinner label="Opening…" />
      </Frame>
    );
  if (info.data === null) return <NotPublished />;
  return info.data.passwordProtected ? <Locked id={id} info={info.data} /> : <Open id={id} />;
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <PageChrome>
      <Centered>{children}</Centered>
    </PageChrome>
  );
}

function NotPublished() {
  return (
    <Frame>
      <section className="card state-card" data-testid="not-published">
        <h1 className="state-card__title">Not published</h1>
        <p className="state-card__text">No report is published at this address. The link may be mistyped, or the report is not published yet.</p>
      </section>
    </Frame>
  );
}

function Locked({ id, info }: { id: string; info: PublishedInfo }) {
  const client = useApiClient();
  const [item, setItem] = useState<PublishedItem | null>(null);
  if (item) return <ReportView item={item} />;
  return (
    <Frame>
      <PasswordPrompt info={info} onUnlock={async (password) => setItem(await client.publishing.reports.get(id, password))} />
    </Frame>
  );
}

function Open({ id }: { id: string }) {
  const client = useApiClient();
  // Counted as one view: asked once for the page (staleTime Infinity).
  const opened = useQuery({ queryKey: ['public-report', id, 'item'], queryFn: () => client.publishing.reports.get(id) });
  if (opened.isError)
    return (
      <Frame>
        <ErrorState title="Could not open this report" message={errorText(opened.error)} onRetry={() => void opened.refetch()} />
      </Frame>
    );
  if (!opened.data)
    return (
      <Frame>
        <Spinner label="Opening…" />
      </Frame>
    );
  return <ReportView item={opened.data} />;
}
