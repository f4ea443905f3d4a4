import { CHART_GROUP_LIMITS, DASHBOARD_GRID_COLUMNS, SAMPLE_SIZE_DEFAULTS, SINGLE_SELECT_MAX, type AnalyticSetDefinition } from '@atlas/domain';
import { chart, choiceParameter, geographyParameter, periodParameter, TAXONOMY_GROUPS, taxonomyParameter, template, widget } from './parameters.js';

const params = ['showTopVisitsBy', 'primary', 'geography', 'analysisPeriod'];

export const customerJourney: AnalyticSetDefinition = {
  id: 'customer-journey',
  title: 'Customer Journey',
  description: 'Where visitors of a chain or category go just before and just after, on the same day.',
  queryParameters: [
    choiceParameter({ id: 'showTopVisitsBy', name: 'Show Top Visits % by', description: 'Rank neighbouring visits by chain or by category', hidden: true }, ['chain', 'category'], SINGLE_SELECT_MAX, 'chain'),
    taxonomyParameter({ id: 'primary', name: 'Primary Chain or Category', description: 'The chain or category whose visits are followed' }, SINGLE_SELECT_MAX, TAXONOMY_GROUPS),
    geographyParameter({ id: 'geography', name: 'Geography', description: 'The country or one DMA' }, SINGLE_SELECT_MAX),
    periodParameter({ id: 'analysisPeriod', name: 'Analysis Period', description: 'Months or quarters of primary visits' }, ['monthly', 'quarterly']),
  ],
  templateParameters: { ...SAMPLE_SIZE_DEFAULTS },
  datasets: { production: ['visits', 'places', 'panel'], staging: ['visits', 'places', 'panel'] },
  template: template({
    gridColumns: DASHBOARD_GRID_COLUMNS.default,
    queryBar: [
      widget('showTopVisitsBy', 'DROPDOWN', { hidden: true }),
      widget('primary', 'DROPDOWN_GROUP'),
      widget('geography', 'DROPDOWN_GROUP'),
      widget('analysisPeriod', 'RANGE_PERIOD'),
    ],
    views: [
      {
        id: 'customer-journey',
        title: 'Customer Journey',
        charts: [chart('top-before-and-after', 'table', 'Top places visited before and after', params, { alternativeKind: 'bar', groupLimit: CHART_GROUP_LIMITS.customerJourney })],
      },
    ],
  }),
};
