// Publishing a report as the browser does it: take the snapshot (each dataset's columns and, if chosen, first rows),
// then POST /resources (a pending report) and POST /{id} (the snapshot, public). Each step is reported as it starts.
import { ApiError, type ApiClient } from '@atlas/client';
import type { PublishedDatasetRef, PublishedItem } from '@atlas/domain';
import { decodeArrow, pagePipeline } from '../datasets/preview/previewData';
import { buildSnapshot, datasetSnapshot, PREVIEW_ROWS, type DatasetSnapshot, type ReportDraft, type ReportSnapshot } from './reportModel';

export type PublishStep =
  | { step: 'reading'; index: number; count: number; name: string }
  | { step: 'creating' }
  | { step: 'publishing' };

export function stepText(step: PublishStep): string {
  if (step.step === 'reading') return `Reading “${step.name}” (${step.index + 1} of ${step.count})…`;
  return step.step === 'creating' ? 'Creating the report…' : 'Publishing…';
}

/** A dataset with nothing uploaded yet ("Dataset has no data"): the report keeps it by name only. */
const hasNoData = (error: unknown) => error instanceof ApiError && /has no data/i.test(error.message);

type Client = Pick<ApiClient, 'dataQueries'>;

/** The snapshot of the datasets, read with the publisher's own access. */
export async function takeSnapshot(client: Client, datasets: readonly PublishedDatasetRef[], includeRows: boolean, onStep: (step: PublishStep) => void): Promise<ReportSnapshot> {
  const parts: DatasetSnapshot[] = [];
  for (const [index, ref] of datasets.entries()) {
    onStep({ step: 'reading', index, count: datasets.length, name: ref.name });
    try {
      const answer = await client.dataQueries.datasetsQuery({ pipeline: pagePipeline(ref.id, 0, PREVIEW_ROWS) });
      parts.push(datasetSnapshot(ref, await decodeArrow(answer.data), includeRows));
    } catch (error) {
      if (!hasNoData(error)) throw error;
      parts.push(datasetSnapshot(ref, null, includeRows));
    }
  }
  return buildSnapshot(parts, includeRows);
}

/** A new report, published: snapshot first, so a dataset that cannot be read leaves no pending report behind. */
export async function publishNewReport(
  client: Pick<ApiClient, 'dataQueries' | 'publishing'>,
  draft: ReportDraft & { includeRows: boolean },
  onStep: (step: PublishStep) => void,
): Promise<PublishedItem> {
  const snapshot = await takeSnapshot(client, draft.datasets, draft.includeRows, onStep);
  onStep({ step: 'creating' });
  const description = draft.description.trim();
  const { publishedId } = await client.publishing.reports.create({
    datasets: draft.datasets.map((dataset) => dataset.id),
    uploadOptions: { name: draft.name.trim(), ...(description ? { description } : {}), ...(draft.password ? { password: draft.password } : {}) },
  });
  onStep({ step: 'publishing' });
  return client.publishing.reports.publish(publishedId, { config: { ...snapshot } });
}

/** Publishing a pending report, or publishing one again: a new snapshot of the datasets it names. */
export async function republishReport(
  client: Pick<ApiClient, 'dataQueries' | 'publishing'>,
  report: { id: string; datasets: readonly PublishedDatasetRef[] },
  includeRows: boolean,
  onStep: (step: PublishStep) => void,
): Promise<PublishedItem> {
  const snapshot = await takeSnapshot(client, report.datasets, includeRows, onStep);
  onStep({ step: 'publishing' });
  return client.publishing.reports.publish(report.id, { config: { ...snapshot } });
}
