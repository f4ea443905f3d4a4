// Shared by the charts' unit tests: a small label map and typed access to an option's series and axes.
import type { Labels } from '@atlas/domain';
import type { ChartDefinition } from '../template';
import type { EChartsOption } from './types';

export const labels: Labels = {
  GEOGRAPHY: { US: 'United States', '501': 'New York', '511': 'Washington, DC (Hagerstown, MD)' },
  PLACE_TAXONOMY: { coffee: 'Coffee', grocery: 'Grocery', a: 'Alpha', b: 'Bravo', c: 'Charlie', d: 'Delta' },
};

export interface AnySeries {
  type: string;
  name?: string;
  data: unknown[];
  stack?: string;
  markLine?: unknown;
  label?: unknown;
  [key: string]: unknown;
}

export const seriesOf = (option: EChartsOption) => (option.series ?? []) as AnySeries[];

export const chartOf = (id: string, extra: Partial<ChartDefinition> = {}): ChartDefinition => ({
  id,
  kind: 'bar',
  title: id,
  query: { templateId: id, parameters: {} },
  ...extra,
});
