import { AGE_ORDER, DASHBOARD_GRID_COLUMNS, SAMPLE_SIZE_DEFAULTS, GENDERS, INCOME_ORDER, type AnalyticSetDefinition } from '@atlas/domain';
import { chart, choiceParameter, geographyParameter, periodParameter, TAXONOMY_GROUPS, taxonomyParameter, template, widget } from './parameters.js';

/** Dimensions a pivot can put on rows or columns. */
export const PIVOT_DIMENSIONS = ['age', 'gender', 'income', 'geography', 'period', 'category', 'chain'] as const;
const params = ['age', 'gender', 'geography', 'income', 'period', 'pivotTable', 'taxonomies'];

export const movementPivot: AnalyticSetDefinition = {
  id: 'movement-pivot',
  title: 'Movement Pivot',
  description: 'Normalized visits pivoted over demographics, geography, period, category and chain.',
  queryParameters: [
    choiceParameter({ id: 'age', name: 'Age', description: 'Age groups (empty means all)' }, AGE_ORDER, AGE_ORDER.length, []),
    choiceParameter({ id: 'gender', name: 'Gender', description: 'Genders (empty means all)' }, GENDERS, GENDERS.length, []),
    geographyParameter({ id: 'geography', name: 'Geography', description: 'The country and DMAs (may not be empty)' }),
    choiceParameter({ id: 'income', name: 'Income', description: 'Income groups (empty means all)' }, INCOME_ORDER, INCOME_ORDER.length, []),
    periodParameter({ id: 'period', name: 'Period', description: 'Months or quarters (may not be empty)' }, ['monthly', 'quarterly']),
    {
      id: 'pivotTable',
      type: 'PIVOT_TABLE',
      name: 'Pivot table layout',
      description: 'Dimensions on rows and columns',
      defaultValue: { rows: ['geography'], columns: ['period'] },
      availableValues: [...PIVOT_DIMENSIONS],
      required: true,
      maxValues: PIVOT_DIMENSIONS.length,
    },
    taxonomyParameter({ id: 'taxonomies', name: 'Category + Chain', description: 'Categories and chains (may not be empty)' }, undefined, TAXONOMY_GROUPS),
  ],
  templateParameters: { canExport: false, ...SAMPLE_SIZE_DEFAULTS },
  datasets: { production: ['visits', 'places', 'panel'], staging: ['visits', 'places', 'panel'] },
  template: template({
    gridColumns: DASHBOARD_GRID_COLUMNS.default,
    queryBar: [
      widget('age', 'DROPDOWN'),
      widget('gender', 'DROPDOWN'),
      widget('geography', 'DROPDOWN_GROUP'),
      widget('income', 'DROPDOWN'),
      widget('period', 'RANGE_PERIOD'),
      widget('pivotTable', 'PIVOT_TABLE'),
      widget('taxonomies', 'DROPDOWN_GROUP'),
    ],
    views: [
      {
        id: 'movement-pivot',
        title: 'Movement Pivot',
        // The grid item shows its export control only when the template parameter canExport is true.
        charts: [chart('pivot', 'pivot-table', 'Movement Pivot', params, { exportControl: { templateParameter: 'canExport' } })],
      },
    ],
  }),
};
