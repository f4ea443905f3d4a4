import { CHART_GROUP_LIMITS, DASHBOARD_GRID_COLUMNS, SAMPLE_SIZE_DEFAULTS, SINGLE_SELECT_MAX, type AnalyticSetDefinition } from '@atlas/domain';
import { chart, geographyParameter, periodParameter, taxonomyParameter, template, widget } from './parameters.js';

export const indexedFootTraffic: AnalyticSetDefinition = {
  id: 'indexed-foot-traffic',
  title: 'Indexed Foot Traffic',
  description: 'Normalized visits indexed to the first period: daily as 7-day rolling averages, or monthly.',
  queryParameters: [
    periodParameter({ id: 'analysisPeriod', name: 'Analysis Period', description: 'Daily (7-day rolling) or monthly' }, ['daily', 'monthly']),
    taxonomyParameter({ id: 'chains', name: 'Chains', description: 'Chains compared within one geography' }),
    geographyParameter({ id: 'geography', name: 'Geography', description: 'The geography of the chain comparison' }, SINGLE_SELECT_MAX),
    taxonomyParameter({ id: 'chain', name: 'Chain', description: 'The chain compared across geographies' }, SINGLE_SELECT_MAX),
    geographyParameter({ id: 'geographies', name: 'Geographies', description: 'Geographies compared for one chain' }),
  ],
  templateParameters: { ...SAMPLE_SIZE_DEFAULTS },
  datasets: { production: ['visits', 'places', 'panel'], staging: ['visits', 'places', 'panel'] },
  template: template({
    gridColumns: DASHBOARD_GRID_COLUMNS.default,
    queryBar: [
      widget('analysisPeriod', 'RANGE_PERIOD', { rollingDays: 7 }),
      widget('chains', 'STICKER_SELECTOR'),
      widget('geography', 'DROPDOWN_GROUP'),
      widget('chain', 'DROPDOWN'),
      widget('geographies', 'DROPDOWN_GROUP'),
    ],
    views: [
      {
        id: 'indexed-foot-traffic',
        title: 'Indexed Foot Traffic',
        charts: [
          chart('chains-in-geography', 'line', 'Chains within one geography', ['analysisPeriod', 'chains', 'geography'], { groupLimit: CHART_GROUP_LIMITS.taxonomyLines }),
          chart('chain-across-geographies', 'line', 'One chain across geographies', ['analysisPeriod', 'chain', 'geographies'], { groupLimit: CHART_GROUP_LIMITS.line }),
        ],
      },
    ],
  }),
};
