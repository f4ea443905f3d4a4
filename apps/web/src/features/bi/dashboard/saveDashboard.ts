// Saving a dashboard: an insight record (the dashboard, with its name) and an insight-state record holding
// {templateId, values}. The first save creates both; later saves rename the record when asked and update its state.
import type { ApiClient } from '@atlas/client';
import type { CatalogueRecord } from '@atlas/domain';
import type { DashboardStateData } from './dashboardState';

export interface SaveDashboardInput {
  /** The saved record, or undefined for a dashboard not saved yet. */
  insight?: CatalogueRecord;
  name: string;
  state: DashboardStateData;
}

type SaveClient = Pick<ApiClient, 'insights' | 'insightStates'>;

/** Saves and answers the record as it now is (with its latest state). */
export async function saveDashboard(client: SaveClient, { insight, name, state }: SaveDashboardInput): Promise<CatalogueRecord> {
  const data = { templateId: state.templateId, values: state.values };
  if (!insight) {
    const created = await client.insights.create({ name, metadata: { templateId: state.templateId } });
    try {
      await client.insightStates.create({ insightId: created.id, data });
    } catch (error) {
      // A dashboard without its state would open as nothing: take the record back (best effort) and report the failure.
      await client.insights.remove(created.id).catch(() => undefined);
      throw error;
    }
    return client.insights.get(created.id);
  }
  if (name !== insight.name) await client.insights.update(insight.id, { name });
  if (insight.latestState) await client.insightStates.update(insight.latestState.id, data);
  else await client.insightStates.create({ insightId: insight.id, data });
  return client.insights.get(insight.id);
}
