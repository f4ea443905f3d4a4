// The charts of the analytic-set dashboards (W2): one ChartView draws one chart from the rows of its query.
export { ChartView, type ChartViewProps } from './ChartView';
export { pivotCsv, type PivotLayout } from './movement-pivot';
export type { Figure } from './types';
