// The Movement Pivot answers up to some 300,000 combinations. Its queries hand each dimension's value back as its
// position in the dimension's order (an integer, which the engine's reader turns into a number for a fraction of what it
// takes to decode text), the rows already in the layout's order, and a combination is found by a numeric key.
import { CATEGORIES, CHAINS } from '@atlas/analytics';
import { AGE_ORDER, GENDERS, INCOME_ORDER } from '@atlas/domain';
import type { Params } from '../../../store/params.js';

export type Dimension = 'age' | 'gender' | 'income' | 'geography' | 'period' | 'category' | 'chain';

/** Each dimension's values in the order rows come in (the geographies as selected); period values are positions already. */
export type DimensionOrders = Readonly<Record<Dimension, readonly string[] | null>>;

const CATEGORY_IDS = CATEGORIES.map((category) => category.id);
const CHAIN_IDS = CHAINS.map((chain) => chain.id);

export const dimensionOrders = (geographies: readonly string[]): DimensionOrders => ({
  age: AGE_ORDER, gender: GENDERS, income: INCOME_ORDER, geography: geographies, period: null, category: CATEGORY_IDS, chain: CHAIN_IDS,
});

/** A column of a query's answer holding a dimension's value. */
export interface DimensionColumn {
  column: string;
  dimension: Dimension;
}

/**
 * `sql`'s answer with each dimension column as its value's 1-based position in the dimension's order and, only where
 * the value is not in that order, the value itself in `<column>_value`; the `kept` columns as they are; ordered by the
 * dimension columns in turn when `ordered` (values outside an order after those in it, by value).
 */
export function codedSql(sql: string, columns: readonly DimensionColumn[], kept: readonly string[], orders: DimensionOrders, params: Params, ordered: boolean): string {
  const select: string[] = [];
  const order: string[] = [];
  for (const { column, dimension } of columns) {
    const values = orders[dimension];
    if (!values) {
      select.push(`q.${column} AS ${column}`);
      order.push(column);
      continue;
    }
    const position = `array_position(CAST(${params.add(values)} AS VARCHAR[]), q.${column})`;
    select.push(`${position} AS ${column}`, `CASE WHEN ${position} IS NULL THEN q.${column} END AS ${column}_value`);
    order.push(column, `${column}_value`);
  }
  select.push(...kept.map((column) => `q.${column} AS ${column}`));
  return `SELECT ${select.join(', ')} FROM (${sql}) q${ordered && order.length ? ` ORDER BY ${order.join(', ')}` : ''}`;
}

/** A dimension's value as a coded answer gives it: its position in the dimension's order, or the value outside it. */
export type Coded = number | string;

/** Reads coded answers back: the coded value of a row's column, its value, and the key of a combination. */
export class PivotCoding {
  private readonly radices: number[];
  private readonly numericKeys: boolean;

  constructor(
    readonly dimensions: readonly Dimension[],
    readonly orders: DimensionOrders,
    periods: number,
  ) {
    this.radices = dimensions.map((dimension) => (orders[dimension]?.length ?? periods) + 1);
    this.numericKeys = this.radices.reduce((product, radix) => product * radix, 1) < Number.MAX_SAFE_INTEGER;
  }

  /** The coded value of `column` in a row of `codedSql`'s answer. */
  static read(row: Record<string, unknown>, column: string): Coded {
    const value = row[`${column}_value`];
    return value === null || value === undefined ? Number(row[column]) : String(value);
  }

  /** The coded value of a dimension's value (a period's value is its position). */
  code(k: number, value: string | number): Coded {
    const order = this.orders[this.dimensions[k]!];
    if (!order) return Number(value);
    const position = order.indexOf(String(value));
    return position < 0 ? String(value) : position + 1;
  }

  /** The dimension's value of a coded value: the id, or the period's position. */
  value(k: number, coded: Coded): string | number {
    if (typeof coded === 'string') return coded;
    const order = this.orders[this.dimensions[k]!];
    return order ? order[coded - 1]! : coded;
  }

  /** The key of a combination of coded values in layout order: a number while every value is within its order. */
  key(codes: readonly Coded[]): number | string {
    if (this.numericKeys && codes.every((code) => typeof code === 'number')) {
      let key = 0;
      for (let k = 0; k < codes.length; k++) key = key * this.radices[k]! + (codes[k] as number);
      return key;
    }
    return codes.map(String).join('\u0000');
  }
}
