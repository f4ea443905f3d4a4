import { CHART_GROUP_LIMITS, DASHBOARD_GRID_COLUMNS, SAMPLE_SIZE_DEFAULTS, DAYPARTS, SINGLE_SELECT_MAX, type AnalyticSetDefinition, type QueryParameter } from '@atlas/domain';
import { chart, dmaParameter, periodParameter, periodRange, taxonomyParameter, template, widget } from './parameters.js';

// Daypart shares and dwell follow Period; the indexed subview follows the hidden start and end periods (Period when absent).
const params = ['dma', 'period', 'chains'];
const indexedParams = [...params, 'startPeriod', 'endPeriod'];
const months = periodRange('monthly');

/** A month (monthly values) or a day (daily 7-day rolling values) of the indexed subview's range. */
const hiddenPeriod = (id: string, name: string, description: string, defaultValue: string): QueryParameter => ({
  id, type: 'STRING', name, description, defaultValue, required: false, maxValues: SINGLE_SELECT_MAX, hidden: true,
  startDate: months.start, endDate: months.end, periodRanges: [months, periodRange('daily')],
});

export const visitationTrends: AnalyticSetDefinition = {
  id: 'visitation-trends',
  title: 'Visitation Trends',
  description: 'Indexed foot traffic, visit share by daypart and median dwell time of chains in a DMA.',
  queryParameters: [
    dmaParameter({ id: 'dma', name: 'DMA', description: 'The market' }),
    periodParameter({ id: 'period', name: 'Period', description: 'Months of visits' }, ['monthly']),
    taxonomyParameter({ id: 'chains', name: 'Chains', description: 'Chains to compare' }),
    // Kept in step with the period by the query bar (as months or days); only the indexed subview reads them.
    hiddenPeriod('startPeriod', 'Start period', 'First month or day of the Indexed Foot Traffic range', '2025-01'),
    hiddenPeriod('endPeriod', 'End period', 'Last month or day of the Indexed Foot Traffic range', months.end),
  ],
  templateParameters: { ...SAMPLE_SIZE_DEFAULTS },
  datasets: { production: ['visits', 'places', 'panel'], staging: ['visits', 'places', 'panel'] },
  template: template({
    gridColumns: DASHBOARD_GRID_COLUMNS['visitation-trends'],
    queryBar: [
      widget('dma', 'DROPDOWN'),
      widget('period', 'RANGE_PERIOD', { sets: { start: '{{startPeriod}}', end: '{{endPeriod}}' } }),
      widget('chains', 'STICKER_SELECTOR'),
    ],
    views: [
      {
        id: 'visitation-trends',
        title: 'Visitation Trends',
        subviews: [
          {
            id: 'indexed-foot-traffic',
            title: 'Indexed Foot Traffic',
            charts: [
              chart('indexed-foot-traffic', 'line', 'Indexed Foot Traffic', indexedParams, {
                groupLimit: CHART_GROUP_LIMITS.taxonomyLines,
                // Monthly values, or daily 7-day rolling ones over the same range: the chart rewrites both ends.
                periodGranularity: { start: '{{startPeriod}}', end: '{{endPeriod}}', options: ['monthly', 'daily'] },
              }),
            ],
          },
          {
            id: 'visit-share-by-daypart',
            title: 'Visit Share by Daypart',
            charts: [chart('visit-share-by-daypart', 'bar', 'Visit Share by Daypart', params, { categories: [...DAYPARTS], groupLimit: CHART_GROUP_LIMITS.other })],
          },
          { id: 'median-dwell-time', title: 'Median Dwell Time', charts: [chart('median-dwell-time', 'bar', 'Median Dwell Time', params, { groupLimit: CHART_GROUP_LIMITS.other })] },
        ],
      },
    ],
  }),
};
