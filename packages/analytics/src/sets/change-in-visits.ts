import { CHART_GROUP_LIMITS, DASHBOARD_GRID_COLUMNS, SAMPLE_SIZE_DEFAULTS, type AnalyticSetDefinition } from '@atlas/domain';
import { chart, focusBenchmarkParameter, geographyParameter, TAXONOMY_GROUPS, taxonomyParameter, template, widget } from './parameters.js';

export const changeInVisits: AnalyticSetDefinition = {
  id: 'change-in-visits',
  title: 'Change in Visits',
  description: 'Percent change of normalized visits between a focus and a benchmark month or quarter, by geography.',
  queryParameters: [
    geographyParameter({ id: 'geographies', name: 'Geography', description: 'The country and DMAs to compare' }),
    taxonomyParameter({ id: 'taxonomies', name: 'Category and/or Chain', description: 'Categories and chains to compare' }, undefined, TAXONOMY_GROUPS),
    focusBenchmarkParameter({ id: 'analysisPeriod', name: 'Analysis Period', description: 'Focus vs Benchmark month or quarter' }, ['monthly', 'quarterly']),
  ],
  templateParameters: { ...SAMPLE_SIZE_DEFAULTS },
  datasets: { production: ['visits', 'places', 'panel'], staging: ['visits', 'places', 'panel'] },
  template: template({
    gridColumns: DASHBOARD_GRID_COLUMNS.default,
    queryBar: [
      widget('geographies', 'DROPDOWN_GROUP'),
      widget('taxonomies', 'DROPDOWN_GROUP'),
      widget('analysisPeriod', 'RANGE_PERIOD', { labels: { focus: 'Focus', benchmark: 'Benchmark' }, separator: 'vs' }),
    ],
    views: [
      {
        id: 'change-in-visits',
        title: 'Change in Visits',
        charts: [chart('percent-change-by-geography', 'bar', 'Percent change by geography', ['geographies', 'taxonomies', 'analysisPeriod'], { groupLimit: CHART_GROUP_LIMITS.other })],
      },
    ],
  }),
};
