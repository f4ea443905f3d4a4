// Finding what /public/{id} shows and opening it: a published map or dashboard, its protection, its snapshot.
import { ApiError, type ApiClient } from '@atlas/client';
import type { PublishedInfo, PublishedItem } from '@atlas/domain';

export type PublishedKind = 'map' | 'insight';

type Client = Pick<ApiClient, 'publishing'>;

const callsOf = (client: Client, kind: PublishedKind) => (kind === 'map' ? client.publishing.maps : client.publishing.insights);

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * What the public link names: the link carries only an id, and maps and dashboards publish under their own routes, so
 * the map's is asked first and the dashboard's after a 404. Null when neither is published (missing, pending,
 * unpublished: the server answers all alike).
 */
export async function findPublished(client: Client, id: string): Promise<{ kind: PublishedKind; info: PublishedInfo } | null> {
  for (const kind of ['map', 'insight'] as const) {
    try {
      return { kind, info: await callsOf(client, kind).publishedInfo(id) };
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  return null;
}

/** The snapshot, counted as one view: with the password when the item has one (its answer then carries the view token). */
export function openPublished(client: Client, kind: PublishedKind, id: string, password?: string): Promise<PublishedItem> {
  const calls = callsOf(client, kind);
  return password === undefined ? calls.viewPublished(id) : calls.unlock(id, password);
}

/** A published dashboard's saved state: the analytic set and its values (the insight state it was published from). */
export function dashboardSnapshot(item: Pick<PublishedItem, 'config'>): { templateId: unknown; values: Record<string, unknown> } {
  const state = item.config.config;
  const values = state.values && typeof state.values === 'object' && !Array.isArray(state.values) ? (state.values as Record<string, unknown>) : {};
  return { templateId: state.templateId, values };
}
