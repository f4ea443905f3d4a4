// Movement Pivot (foot-traffic.md "Movement Pivot", "normalized_visits", General readings): normalized and raw visits
// grouped by the dimensions on the layout's rows and columns, after the demographic, geography and taxonomy filters.
import { AGE_ORDER, GENDERS, INCOME_ORDER, type MovementPivotRow } from '@atlas/domain';
import { geographyFields, periodFields, secondaryTaxonomyFields, taxonomyFields } from './fields.js';
import { badRequest } from '../../../http/errors.js';
import { Params } from '../../../store/params.js';
import { pivotDevices } from './movement-pivot-devices.js';
import { codedSql, dimensionOrders, PivotCoding, type Coded, type Dimension } from './pivot-coding.js';
import { periodParams, periodsBetween, periodsCte } from './periods.js';
import type { PanelRelations, SqlRunner, ViewRunner } from './types.js';

type Granularity = 'monthly' | 'quarterly';

// The one trusted SQL expression of each dimension (the layout's names only select among these, never reach the SQL).
// geography is g.id, joined only when geography is a dimension; period is the position of the visit's own period.
const DIMENSION_SQL: Readonly<Record<Dimension, string>> = {
  age: 'r.age',
  gender: 'r.gender',
  income: 'r.income',
  geography: 'g.id',
  period: 'pr.pi',
  category: 'r.category_id',
  chain: 'r.chain_id',
};

// Reads the monthly cells (or, without demographics, the monthly rollup). $1..$3 periods, $4 geographies, $5 taxonomies (a
// visit passes when its chain or its category is listed), $6 ages, $7 genders, $8 incomes (sent only with the cells).
// Geography as a dimension joins g (a visit counts once in every selected geography holding it: the US and its DMA both,
// each row read once for its country and once for its DMA, joined by equality: an OR join ran as a nested loop);
// otherwise the geographies filter as a union, each visit once. Each month joins exactly one period (the windows are
// disjoint and whole months), whose factor normalizes its visits. Dimension values come back as dim0, dim1, …; the
// devices of each combination are counted apart (movement-pivot-devices.ts).
const sql = (r: PanelRelations, dimensions: Dimension[], byCell: boolean) => {
  const geographyDimension = dimensions.includes('geography');
  const expressions = dimensions.map((dimension) => DIMENSION_SQL[dimension]);
  const source = byCell ? r.monthlyCells : r.monthly;
  return `
WITH ${periodsCte(1)},
g AS (SELECT unnest($4::VARCHAR[]) AS id)
SELECT ${expressions.map((expression, k) => `${expression} AS dim${k}`).join(', ')},
       SUM(r.weighted * pr.factor)::FLOAT8 AS normalized_visits, SUM(r.visits) AS raw_visits
FROM ${geographyDimension ? `(SELECT *, country AS geography_id FROM ${source} UNION ALL SELECT *, dma_id FROM ${source})` : source} r
JOIN pr ON r.month = pr.month
${geographyDimension ? 'JOIN g ON g.id = r.geography_id' : ''}
WHERE (r.chain_id IN (SELECT unnest($5::VARCHAR[])) OR r.category_id IN (SELECT unnest($5::VARCHAR[])))
  ${byCell ? 'AND r.age IN (SELECT unnest($6::VARCHAR[])) AND r.gender IN (SELECT unnest($7::VARCHAR[])) AND r.income IN (SELECT unnest($8::VARCHAR[]))' : ''}
  ${geographyDimension ? '' : 'AND (r.country IN (SELECT id FROM g) OR r.dma_id IN (SELECT id FROM g))'}
GROUP BY ${expressions.join(', ')}`;
};

const DEMOGRAPHIC: ReadonlySet<Dimension> = new Set(['age', 'gender', 'income']);

/** An empty (or absent) demographic filter means every value. */
const filter = (value: unknown, all: readonly string[]) => (Array.isArray(value) && value.length > 0 ? (value as string[]) : [...all]);

const isDimension = (name: string): name is Dimension => Object.hasOwn(DIMENSION_SQL, name);

/** The pivot's rows; `via` forces the devices' exact fallback reading (chainVisitors), for tests. */
export async function pivotRows(engine: SqlRunner, panel: PanelRelations, values: Record<string, unknown>, via?: 'chainVisitors'): Promise<MovementPivotRow[]> {
  const layout = values.pivotTable as { rows: string[]; columns: string[] };
  const names = [...layout.rows, ...layout.columns];
  // The set's validation rejects unknown names already; this keeps a direct caller's name out of the SQL too.
  const unknown = names.find((name) => !isDimension(name));
  if (unknown !== undefined) {
    const message = `Pivot table layout: unknown value ${JSON.stringify(unknown)}`;
    throw badRequest(message, `pivotTable: ${message}`);
  }
  const dimensions = names as Dimension[];
  const period = values.period as { granularity: Granularity; start: string; end: string };
  const periods = periodsBetween(period.granularity, period.start, period.end);
  const geographies = [...new Set(values.geography as string[])];
  const demographics = [filter(values.age, AGE_ORDER), filter(values.gender, GENDERS), filter(values.income, INCOME_ORDER)];
  // Without a demographic dimension or filter, the monthly rollup holds the same sums in far fewer rows.
  const byCell = dimensions.some((dimension) => DEMOGRAPHIC.has(dimension)) || [values.age, values.gender, values.income].some((value) => Array.isArray(value) && value.length > 0);
  const coding = new PivotCoding(dimensions, dimensionOrders(geographies), periods.length);
  const params = new Params([...periodParams(periods), geographies, values.taxonomies, ...(byCell ? demographics : [])]);
  const columns = dimensions.map((dimension, k) => ({ column: `dim${k}`, dimension }));
  const rowsSql = codedSql(sql(panel, dimensions, byCell), columns, ['normalized_visits', 'raw_visits'], coding.orders, params, true);
  // The visits and the devices are independent readings: the engine runs them side by side. The visits come back in
  // the layout's order: each dimension by its reference order, the geographies as selected, periods chronologically.
  const [rows, devices] = await Promise.all([
    engine.queryRows(rowsSql, params.values),
    pivotDevices(engine, panel, {
      dimensions, geographies, taxonomies: values.taxonomies as string[], demographics: byCell ? (demographics as [string[], string[], string[]]) : null, periods,
    }, coding, via),
  ]);

  // The fields a dimension's value gives its rows: ids as they are, geographies, periods and taxonomies with their kind,
  // name and epoch. Beside a chain the category is the secondary taxonomy; alone it is the row's place taxonomy.
  const hasChain = dimensions.includes('chain');
  const fieldsOf = (dimension: Dimension, value: unknown): Partial<MovementPivotRow> => {
    const id = String(value);
    switch (dimension) {
      case 'age':
        return { age: id as MovementPivotRow['age'] };
      case 'gender':
        return { gender: id as MovementPivotRow['gender'] };
      case 'income':
        return { income: id as MovementPivotRow['income'] };
      case 'geography':
        return geographyFields(id);
      case 'period':
        return periodFields(period.granularity, periods[Number(value) - 1]!.value);
      case 'chain':
        return taxonomyFields(id);
      case 'category':
        return hasChain ? secondaryTaxonomyFields(id) : taxonomyFields(id);
    }
  };
  // A pivot over every dimension is some 300,000 rows: each value's fields are worked out once, and copied into the
  // rows one by one (spreading them took seconds, most of it in garbage collection).
  const known = dimensions.map(() => new Map<Coded, [string, unknown][]>());
  const entriesOf = (k: number, coded: Coded) =>
    known[k]!.get(coded) ?? known[k]!.set(coded, Object.entries(fieldsOf(dimensions[k]!, coding.value(k, coded)))).get(coded)!;
  const codes: Coded[] = dimensions.map(() => 0);
  return rows.map((row): MovementPivotRow => {
    const out: Record<string, unknown> = {};
    for (let k = 0; k < dimensions.length; k++) {
      codes[k] = PivotCoding.read(row, `dim${k}`);
      for (const [field, value] of entriesOf(k, codes[k]!)) out[field] = value;
    }
    out.normalized_visits = Number(row.normalized_visits);
    out.raw_visits = Number(row.raw_visits);
    out.device_count = devices.get(coding.key(codes)) ?? 0;
    return out as unknown as MovementPivotRow;
  });
}

export const movementPivot: ViewRunner = (engine, panel, values) => pivotRows(engine, panel, values);
