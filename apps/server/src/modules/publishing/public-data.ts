import { ANALYTIC_SET_IDS, AppStatusCode, Messages, type AnalyticRow, type AnalyticSetDefinition, type AnalyticSetId, type Labels } from '@atlas/domain';
import { notFound, unauthorized } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { AppDeps } from '../../http/types.js';
import { getAnalyticSet, getLabels } from '../analytics/service.js';
import { runQuery } from '../analytics/query-service.js';
import { downloadData } from '../datasets/data-service.js';
import { findDataset } from '../datasets/repo.js';
import { publisherIdentity } from './publisher.js';
import type { PublishableKind } from './record-service.js';
import { findPublicForRecord, type PublishedRow } from './repo.js';
import { verifyViewToken } from './view-token.js';

/**
 * What a public page reads beside the snapshot: a published map's datasets and a published dashboard's analytic set
 * and charts. Only for published items (the same 404 as the public view otherwise), only with a valid view token when
 * the item has a password, and read with its owner's access (publisher.ts).
 */

type Deps = Pick<AppDeps, 'db' | 'engine' | 'cache' | 'config'>;

interface Opened {
  row: PublishedRow;
  publisher: Identity;
}

export async function openPublished({ db, config }: Deps, kind: PublishableKind, id: string, viewToken: string | undefined): Promise<Opened> {
  const row = await findPublicForRecord(db, kind, id);
  const publisher = row && (await publisherIdentity(db, row.owner_id));
  if (!row || !publisher) throw notFound(`Published ${kind} not found`, '');
  if (row.password_hash !== null && !verifyViewToken(config.signingSecret, viewToken, row.id, row.password_hash)) {
    throw unauthorized(Messages.passwordProtected, 'Open it with its password again', AppStatusCode.PasswordRequired);
  }
  return { row, publisher };
}

/** A dataset of a published map as an Arrow stream: only one the snapshot names, and only while its owner may download it. */
export async function publishedMapData(deps: Deps, id: string, datasetId: string, viewToken: string | undefined) {
  const { row, publisher } = await openPublished(deps, 'map', id, viewToken);
  if (!row.datasets.some((dataset) => dataset.id === datasetId)) throw notFound('Dataset not found', 'The published map does not show this dataset');
  // A tileset is read tile by tile through the published map's tile routes (public-tiles.ts), never whole.
  const stored = await findDataset(deps.db, datasetId);
  if (stored?.type === 'hex-tile' || stored?.type === 'vector-tile') throw notFound('Dataset not found', "A tileset is read through the published map's tile routes");
  return downloadData(deps.db, deps.engine, publisher, datasetId, 'arrow');
}

const isAnalyticSetId = (value: unknown): value is AnalyticSetId => typeof value === 'string' && (ANALYTIC_SET_IDS as readonly string[]).includes(value);

/** The saved state of a published dashboard: its analytic set and query-bar values. */
function dashboardOf(row: PublishedRow): { setId: AnalyticSetId; values: Record<string, unknown> } {
  const state = row.config.config ?? {};
  if (!isAnalyticSetId(state.templateId)) throw notFound('Published insight holds no dashboard', 'Its snapshot names no analytic set');
  const values = state.values && typeof state.values === 'object' && !Array.isArray(state.values) ? (state.values as Record<string, unknown>) : {};
  return { setId: state.templateId, values };
}

/** The analytic set a published dashboard shows, as its owner's organization configured it, with the labels its selectors name. */
export async function publishedAnalyticSet(deps: Deps, id: string, viewToken: string | undefined): Promise<{ definition: AnalyticSetDefinition; labels: Labels }> {
  const { row, publisher } = await openPublished(deps, 'insight', id, viewToken);
  const definition = await getAnalyticSet(deps.db, publisher, dashboardOf(row).setId);
  return { definition, labels: getLabels() };
}

/**
 * One chart of a published dashboard. Read-only means the saved values: every parameter the request names is answered
 * with the published value, and one the snapshot does not hold is left to the set's default; a public viewer can never
 * query the owner's panel with values of their own.
 */
export async function publishedInsightQuery(deps: Deps, id: string, templateId: string, given: Record<string, unknown>, viewToken: string | undefined): Promise<AnalyticRow[]> {
  const { row, publisher } = await openPublished(deps, 'insight', id, viewToken);
  const { setId, values } = dashboardOf(row);
  const pinned = Object.fromEntries(Object.keys(given).flatMap((key) => (Object.hasOwn(values, key) ? [[key, values[key]]] : [])));
  return (await runQuery(deps, publisher, setId, templateId, pinned)).rows;
}
