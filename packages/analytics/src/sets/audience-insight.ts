import { CHART_GROUP_LIMITS, DASHBOARD_GRID_COLUMNS, SAMPLE_SIZE_DEFAULTS, type AnalyticSetDefinition } from '@atlas/domain';
import { chart, dmaParameter, periodParameter, taxonomyParameter, template, widget } from './parameters.js';

const params = ['dma', 'period', 'chains'];
const view = (id: string, title: string) => chart(id, 'bar', title, params, { groupLimit: CHART_GROUP_LIMITS.other });

export const audienceInsight: AnalyticSetDefinition = {
  id: 'audience-insight',
  title: 'Audience Insight',
  description: 'Who visits the chosen chains in a DMA: visit share and fair share index by age and by gender.',
  queryParameters: [
    dmaParameter({ id: 'dma', name: 'DMA', description: 'The market whose visits and population are compared' }),
    periodParameter({ id: 'period', name: 'Period', description: 'Months of visits' }, ['monthly']),
    taxonomyParameter({ id: 'chains', name: 'Chains', description: 'Chains to profile' }),
  ],
  templateParameters: { ...SAMPLE_SIZE_DEFAULTS },
  datasets: { production: ['visits', 'places', 'panel', 'population'], staging: ['visits', 'places', 'panel', 'population'] },
  template: template({
    gridColumns: DASHBOARD_GRID_COLUMNS['audience-insight'],
    queryBar: [widget('dma', 'DROPDOWN'), widget('period', 'RANGE_PERIOD'), widget('chains', 'STICKER_SELECTOR')],
    views: [
      {
        id: 'audience-insight',
        title: 'Audience Insight',
        charts: [
          view('visit-share-by-age', 'Visit Share by Age'),
          view('fair-share-index-by-age', 'Fair Share Index by Age'),
          view('visit-share-by-gender', 'Visit Share by Gender'),
          view('fair-share-index-by-gender', 'Fair Share Index by Gender'),
        ],
      },
    ],
  }),
};
