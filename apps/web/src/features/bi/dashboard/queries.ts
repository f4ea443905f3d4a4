// Reads of the BI screens: analytic-set definitions, labels, one query per chart, and the insight records that hold
// saved dashboards. Keys live here so the dashboard, the Dashboards list and saving agree on them.
import { useQueries, useQuery } from '@tanstack/react-query';
import { ANALYTIC_SET_IDS, type AnalyticSetDefinition, type AnalyticSetId, type CatalogueRecord, type Labels, type RecordList } from '@atlas/domain';
import { useApiClient } from '../../../api/ApiClientContext';

export const biKeys = {
  set: (setId: AnalyticSetId) => ['analytic-set', setId] as const,
  labels: ['labels'] as const,
  /** One chart's answer: its query template and only its own parameters, so other changes do not re-query it. */
  chart: (setId: AnalyticSetId, templateId: string, parameters: Record<string, unknown>) => ['analytic', setId, templateId, parameters] as const,
  insightLists: ['insights', 'list'] as const,
  insightList: (scope: 'mine' | 'shared') => ['insights', 'list', scope] as const,
  insight: (id: string) => ['insights', 'one', id] as const,
};

/** Definitions and labels change only when an administrator reconfigures: keep them for the session. */
const LONG_LIVED = { staleTime: 10 * 60_000 };

export function useAnalyticSet(setId: AnalyticSetId) {
  const client = useApiClient();
  return useQuery<AnalyticSetDefinition>({ queryKey: biKeys.set(setId), queryFn: () => client.analytics.getSet(setId), ...LONG_LIVED });
}

/** The seven sets, for the template gallery and the set titles of saved dashboards. */
export function useAnalyticSets() {
  const client = useApiClient();
  return useQueries({
    queries: ANALYTIC_SET_IDS.map((setId) => ({
      queryKey: biKeys.set(setId),
      queryFn: () => client.analytics.getSet(setId),
      ...LONG_LIVED,
    })),
  });
}

export function useLabels() {
  const client = useApiClient();
  return useQuery<Labels>({ queryKey: biKeys.labels, queryFn: () => client.analytics.labels(), ...LONG_LIVED });
}

export function useInsight(id: string) {
  const client = useApiClient();
  return useQuery<CatalogueRecord>({ queryKey: biKeys.insight(id), queryFn: () => client.insights.get(id) });
}

export function useInsightList(scope: 'mine' | 'shared') {
  const client = useApiClient();
  return useQuery<RecordList>({
    queryKey: biKeys.insightList(scope),
    queryFn: () => (scope === 'mine' ? client.insights.list() : client.insights.listSharedWithUser()),
  });
}
