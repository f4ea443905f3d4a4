// /preview/{id}: the owner (or an editor) sees how the map or dashboard will look once published — the public page's
// viewer over the record's latest saved version, read through their own access — and may publish from here.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@atlas/client';
import type { CatalogueRecord, PublishedDatasetRef } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { ErrorState } from '../../ui/ErrorState';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { readDashboardState, useAnalyticSet, useLabels } from '../bi/dashboard';
import { recordAbilities } from '../catalogue';
import { downloadArrow } from '../map-builder';
import { loadHexTileDataset } from '../map-builder/hex-tiles/tilesetDataset';
import { tileReader } from '../map-builder/vector-tiles/tileReader';
import { keplerTileDataset } from '../map-builder/vector-tiles/tilesetDataset';
import { Centered, PageChrome } from './PageChrome';
import { PublishDialog, publicationKey, publicationSummary, type PublishedKind } from '../publishing';
import { PublishedDashboardView } from './PublishedDashboardView';
import { PublishedMapView, type MapReads } from './PublishedMapView';

/** The record behind the id: a map, else a dashboard (insight). */
async function findRecord(client: ReturnType<typeof useApiClient>, id: string): Promise<{ kind: PublishedKind; record: CatalogueRecord }> {
  try {
    return { kind: 'map', record: await client.maps.get(id) };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
  }
  return { kind: 'insight', record: await client.insights.get(id) };
}

export function PreviewPage() {
  const { id = '' } = useParams();
  const client = useApiClient();
  const found = useQuery({ queryKey: ['publishing', 'preview', id], queryFn: () => findRecord(client, id), retry: false });
  useDocumentTitle(found.data ? `Preview: ${found.data.record.name}` : 'Preview');
  if (found.isError)
    return (
      <PageChrome>
        <Centered>
          <ErrorState title="Could not open the preview" message={errorText(found.error)} onRetry={() => void found.refetch()} />
        </Centered>
      </PageChrome>
    );
  if (!found.data)
    return (
      <PageChrome>
        <Spinner label="Opening the preview…" />
      </PageChrome>
    );
  return <WithWriteCheck kind={found.data.kind} record={found.data.record} />;
}

/** Only those who may publish see the preview: the owner, or an editor by grant. */
function WithWriteCheck({ kind, record }: { kind: PublishedKind; record: CatalogueRecord }) {
  const user = useSignedInUser();
  if (!recordAbilities(record, user).write)
    return (
      <PageChrome title={record.name}>
        <Centered>
          <section className="card state-card">
            <h1 className="state-card__title">No preview for you here</h1>
            <p className="state-card__text">Only people who can edit this {kind === 'map' ? 'map' : 'dashboard'} preview and publish it.</p>
          </section>
        </Centered>
      </PageChrome>
    );
  return <Preview kind={kind} record={record} />;
}

function Preview({ kind, record }: { kind: PublishedKind; record: CatalogueRecord }) {
  const client = useApiClient();
  const [publishing, setPublishing] = useState(false);
  const calls = kind === 'map' ? client.publishing.maps : client.publishing.insights;
  const publication = useQuery({ queryKey: publicationKey(kind, record.id), queryFn: async () => (await calls.publishedList([record.id]))[0]?.published ?? null });
  const editor = kind === 'map' ? paths.map(record.id) : paths.dashboard(record.id);
  const status = publication.data === undefined ? '' : publicationSummary(publication.data);
  return (
    <PageChrome
      title={record.name}
      note={
        <span data-testid="preview-note">
          Preview of the published version{status && ` · ${status}`}
        </span>
      }
      actions={
        <>
          <Link className="button button--ghost" to={editor}>
            Back to the {kind === 'map' ? 'map' : 'dashboard'}
          </Link>
          <button type="button" className="button button--primary" onClick={() => setPublishing(true)}>
            Publish…
          </button>
        </>
      }
    >
      {kind === 'map' ? <MapPreview record={record} /> : <DashboardPreview record={record} />}
      {publishing && <PublishDialog kind={kind} recordId={record.id} name={record.name} onClose={() => setPublishing(false)} />}
    </PageChrome>
  );
}

/** The map read with the owner's own access, as the map builder reads it: tilesets described from their records. */
function ownMapReads(client: ReturnType<typeof useApiClient>, origin: string): MapReads {
  return {
    loadTable: (dataset: PublishedDatasetRef) => downloadArrow(client, dataset.id, { onProgress: () => undefined }),
    readTile: tileReader(client, origin),
    async loadTileset(dataset, kind) {
      const record = await client.datasets.get(dataset.id);
      if (kind === 'hex') return loadHexTileDataset(client, record);
      const described = keplerTileDataset(record, origin);
      if (!described) throw new Error('The vector tileset has no tiles yet.');
      return described;
    },
  };
}

function MapPreview({ record }: { record: CatalogueRecord }) {
  const client = useApiClient();
  const [reads] = useState(() => ownMapReads(client, window.location.origin));
  return <PublishedMapView state={record.latestState?.data ?? null} datasets={record.datasets} reads={reads} />;
}

function DashboardPreview({ record }: { record: CatalogueRecord }) {
  const saved = readDashboardState(record);
  if (!saved)
    return (
      <Centered>
        <ErrorState title="Nothing to preview" message={`“${record.name}” holds no saved analytic-set dashboard yet: save it first.`} />
      </Centered>
    );
  return <DashboardPreviewOf record={record} setId={saved.templateId} values={saved.values} />;
}

function DashboardPreviewOf({ record, setId, values }: { record: CatalogueRecord; setId: Parameters<typeof useAnalyticSet>[0]; values: Record<string, unknown> }) {
  const definition = useAnalyticSet(setId);
  const labels = useLabels();
  const failed = definition.error ?? labels.error;
  if (failed)
    return (
      <Centered>
        <ErrorState title="Could not open the analytic set" message={errorText(failed)} />
      </Centered>
    );
  if (!definition.data || !labels.data) return <Spinner label="Opening the analytic set…" />;
  return <PublishedDashboardView name={record.name} definition={definition.data} labels={labels.data} values={values} />;
}
