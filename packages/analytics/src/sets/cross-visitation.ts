import { CHART_GROUP_LIMITS, DASHBOARD_GRID_COLUMNS, SAMPLE_SIZE_DEFAULTS, SINGLE_SELECT_MAX, type AnalyticSetDefinition } from '@atlas/domain';
import { chart, geographyParameter, periodParameter, taxonomyParameter, template, widget } from './parameters.js';

const params = ['chains', 'geography', 'analysisPeriod'];

export const crossVisitation: AnalyticSetDefinition = {
  id: 'cross-visitation',
  title: 'Cross-Visitation',
  description: 'How many visitors of each chain also visit the others: an overlap heatmap and the focus chain’s overlap.',
  queryParameters: [
    taxonomyParameter({ id: 'chains', name: 'Chains', description: 'Base and overlap chains of the heatmap' }),
    geographyParameter({ id: 'geography', name: 'Geography', description: 'The country or one DMA' }, SINGLE_SELECT_MAX),
    periodParameter({ id: 'analysisPeriod', name: 'Analysis Period', description: 'Months or quarters of visits' }, ['monthly', 'quarterly']),
    taxonomyParameter({ id: 'focusChain', name: 'Focus chain', description: 'Set by selecting a heatmap column', hidden: true, required: false }, SINGLE_SELECT_MAX),
  ],
  templateParameters: { ...SAMPLE_SIZE_DEFAULTS },
  datasets: { production: ['visits', 'places', 'panel'], staging: ['visits', 'places', 'panel'] },
  template: template({
    gridColumns: DASHBOARD_GRID_COLUMNS['cross-visitation'],
    queryBar: [widget('chains', 'STICKER_SELECTOR'), widget('geography', 'DROPDOWN_GROUP'), widget('analysisPeriod', 'RANGE_PERIOD')],
    views: [
      {
        id: 'cross-visitation',
        title: 'Cross-Visitation',
        charts: [
          chart('overlap-heatmap', 'heatmap', 'Overlap % (base chains by overlap chains)', params, {
            groupLimit: CHART_GROUP_LIMITS.heatmap,
            onColumnSelect: { set: '{{focusChain}}' },
          }),
          chart('focus-chain-overlap', 'bar', 'Overlap with the focus chain', [...params, 'focusChain'], { groupLimit: CHART_GROUP_LIMITS.other }),
        ],
      },
    ],
  }),
};
