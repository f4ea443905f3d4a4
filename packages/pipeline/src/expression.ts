// The typed expression tree of select, group, filter and sort: its types, parsing (shape checks and
// normalisation to the canonical form) and small builders.
import { AGGREGATIONS } from '@atlas/domain';
import { isPlainObject, own } from './canonical.js';
import type { Site } from './errors.js';
import { checkInterval, checkName, type TimeIntervalCode } from './props.js';

export type LiteralValue = string | number | boolean | null;
export type AggregateFn = (typeof AGGREGATIONS)[number];
export const ARITHMETIC_OPS = ['+', '-', '*', '/', '%'] as const;
export const COMPARISON_OPS = ['=', '!=', '<', '<=', '>', '>='] as const;
export const LOGICAL_OPS = ['and', 'or'] as const;
export const BINARY_OPS = [...ARITHMETIC_OPS, ...COMPARISON_OPS, ...LOGICAL_OPS] as const;
export type BinaryOp = (typeof BINARY_OPS)[number];

export interface ColumnExpression {
  readonly kind: 'column';
  readonly name: string;
}
export interface LiteralExpression {
  readonly kind: 'literal';
  readonly value: LiteralValue;
}
export interface BinaryExpression {
  readonly kind: 'binary';
  readonly op: BinaryOp;
  readonly left: Expression;
  readonly right: Expression;
}
export interface NotExpression {
  readonly kind: 'not';
  readonly operand: Expression;
}
export interface IsNullExpression {
  readonly kind: 'isNull';
  readonly operand: Expression;
  /** `IS NOT NULL` when true. Default false. */
  readonly negate?: boolean;
}
export interface InExpression {
  readonly kind: 'in';
  readonly operand: Expression;
  /** 1..1000 literals. */
  readonly values: readonly LiteralExpression[];
}
export interface AggregateExpression {
  readonly kind: 'aggregate';
  readonly fn: AggregateFn;
  /** May be omitted for count only: `count(*)`. */
  readonly operand?: Expression;
  /** Default false; not allowed for median and mode. */
  readonly distinct?: boolean;
}
export interface TimeTruncExpression {
  readonly kind: 'timeTrunc';
  /** Y M D H T (the long names YEAR..MINUTE are accepted on input). */
  readonly interval: TimeIntervalCode;
  readonly operand: Expression;
}

export type Expression =
  | ColumnExpression
  | LiteralExpression
  | BinaryExpression
  | NotExpression
  | IsNullExpression
  | InExpression
  | AggregateExpression
  | TimeTruncExpression;

export const EXPRESSION_KINDS = ['column', 'literal', 'binary', 'not', 'isNull', 'in', 'aggregate', 'timeTrunc'] as const;

/** A select or group item: an expression and its output column name. */
export interface NamedExpression {
  readonly expression: Expression;
  /** Required unless the expression is a column (then it defaults to the column's name). */
  readonly alias?: string;
}

export type SortDirection = 'asc' | 'desc';
export interface SortKey {
  readonly expression: Expression;
  /** Default asc. */
  readonly direction?: SortDirection;
}

export const MAX_EXPRESSION_DEPTH = 64;
export const MAX_EXPRESSION_NODES = 10_000;
export const MAX_IN_VALUES = 1000;
export const MAX_STRING_LITERAL = 65_536;

// ---------------------------------------------------------------------------------------------------------------
// Parsing: shape checks, defaults and normalisation. Type checks against columns happen at compile time.

function checkKeys(value: Record<string, unknown>, allowed: readonly string[], site: Site, what: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) return site.at(key).fail(`Unknown field ${JSON.stringify(key)} in ${what}; expected: ${allowed.join(', ')}`);
  }
}

interface ParseState {
  nodes: number;
}

/** Parses a literal value: string, finite number, boolean or null. */
export function parseLiteralValue(value: unknown, site: Site): LiteralValue {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return site.fail('literal numbers must be finite');
    return Object.is(value, -0) ? 0 : value;
  }
  if (typeof value === 'string') {
    if (value.length > MAX_STRING_LITERAL) return site.fail(`literal strings must be at most ${MAX_STRING_LITERAL} characters`);
    return value;
  }
  return site.fail('literal value must be a string, a finite number, a boolean or null');
}

/** Checks an expression's shape and returns its canonical form (defaults applied, intervals as codes). */
export function parseExpression(value: unknown, site: Site): Expression {
  return parse(value, site, 0, false, { nodes: 0 });
}

function parse(value: unknown, site: Site, depth: number, inAggregate: boolean, state: ParseState): Expression {
  if (depth > MAX_EXPRESSION_DEPTH) return site.fail(`expression nests deeper than ${MAX_EXPRESSION_DEPTH} levels`);
  if (++state.nodes > MAX_EXPRESSION_NODES) return site.fail(`expression has more than ${MAX_EXPRESSION_NODES} parts`);
  if (!isPlainObject(value)) return site.fail('expression must be an object with a kind');
  const kind = own(value, 'kind');
  const sub = (key: string) => parse(own(value, key), site.at(key), depth + 1, inAggregate, state);
  switch (kind) {
    case 'column':
      checkKeys(value, ['kind', 'name'], site, 'column expression');
      return { kind, name: checkName(own(value, 'name'), site.at('name')) };
    case 'literal':
      checkKeys(value, ['kind', 'value'], site, 'literal expression');
      if (!('value' in value)) return site.at('value').fail('literal needs a value (use null for NULL)');
      return { kind, value: parseLiteralValue(own(value, 'value'), site.at('value')) };
    case 'binary': {
      checkKeys(value, ['kind', 'op', 'left', 'right'], site, 'binary expression');
      const op = own(value, 'op');
      if (typeof op !== 'string' || !(BINARY_OPS as readonly string[]).includes(op)) {
        return site.at('op').fail(`op must be one of ${BINARY_OPS.join(' ')}`);
      }
      return { kind, op: op as BinaryOp, left: sub('left'), right: sub('right') };
    }
    case 'not':
      checkKeys(value, ['kind', 'operand'], site, 'not expression');
      return { kind, operand: sub('operand') };
    case 'isNull': {
      checkKeys(value, ['kind', 'operand', 'negate'], site, 'isNull expression');
      const negate = own(value, 'negate') ?? false;
      if (typeof negate !== 'boolean') return site.at('negate').fail('negate must be a boolean');
      return { kind, operand: sub('operand'), negate };
    }
    case 'in': {
      checkKeys(value, ['kind', 'operand', 'values'], site, 'in expression');
      const values = own(value, 'values');
      if (!Array.isArray(values) || values.length === 0 || values.length > MAX_IN_VALUES) {
        return site.at('values').fail(`values must be a list of 1..${MAX_IN_VALUES} literals`);
      }
      const literals = values.map((item, index) => {
        const itemSite = site.at('values').at(index);
        if (!isPlainObject(item) || own(item, 'kind') !== 'literal') return itemSite.fail('in values must be literal expressions');
        return parse(item, itemSite, depth + 1, inAggregate, state) as LiteralExpression;
      });
      return { kind, operand: sub('operand'), values: literals };
    }
    case 'aggregate': {
      checkKeys(value, ['kind', 'fn', 'operand', 'distinct'], site, 'aggregate expression');
      if (inAggregate) return site.fail('aggregates cannot be nested');
      const fn = own(value, 'fn');
      if (typeof fn !== 'string' || !(AGGREGATIONS as readonly string[]).includes(fn)) {
        return site.at('fn').fail(`fn must be one of ${AGGREGATIONS.join(', ')}`);
      }
      const distinct = own(value, 'distinct') ?? false;
      if (typeof distinct !== 'boolean') return site.at('distinct').fail('distinct must be a boolean');
      if (distinct && (fn === 'median' || fn === 'mode')) return site.at('distinct').fail(`distinct is not supported for ${fn}`);
      const rawOperand = own(value, 'operand');
      if (rawOperand === undefined || rawOperand === null) {
        if (fn !== 'count') return site.at('operand').fail(`${fn} needs an operand`);
        if (distinct) return site.at('distinct').fail('count without operand cannot be distinct');
        return { kind, fn: fn as AggregateFn, distinct };
      }
      const operand = parse(rawOperand, site.at('operand'), depth + 1, true, state);
      return { kind, fn: fn as AggregateFn, operand, distinct };
    }
    case 'timeTrunc':
      checkKeys(value, ['kind', 'interval', 'operand'], site, 'timeTrunc expression');
      return { kind, interval: checkInterval(own(value, 'interval'), site.at('interval')), operand: sub('operand') };
    default:
      return site.at('kind').fail(`kind must be one of ${EXPRESSION_KINDS.join(', ')}`);
  }
}

/** Parses `{ expression, alias? }` items; aliases default to the column name and must be unique. */
export function parseNamedExpressions(value: unknown, site: Site, what: string, min: number): NamedExpression[] {
  if (!Array.isArray(value)) return site.fail(`${what} must be a list of { expression, alias } items`);
  if (value.length < min) return site.fail(`${what} needs at least ${min} item${min === 1 ? '' : 's'}`);
  if (value.length > 1000) return site.fail(`${what} has more than 1000 items`);
  return value.map((item, index) => {
    const itemSite = site.at(index);
    if (!isPlainObject(item)) return itemSite.fail(`${what} items must be { expression, alias } objects`);
    checkKeys(item, ['expression', 'alias'], itemSite, `${what} item`);
    const expression = parseExpression(own(item, 'expression'), itemSite.at('expression'));
    const rawAlias = own(item, 'alias');
    if (rawAlias === undefined || rawAlias === null) {
      if (expression.kind !== 'column') return itemSite.at('alias').fail(`${what} items need an alias unless the expression is a column`);
      return { expression, alias: expression.name };
    }
    return { expression, alias: checkName(rawAlias, itemSite.at('alias'), 'alias') };
  });
}

/** Fails when two output names collide. */
export function checkUniqueAliases(items: readonly { readonly alias?: string }[], site: Site, seen = new Set<string>()): void {
  items.forEach((item, index) => {
    const alias = item.alias!;
    if (seen.has(alias)) return site.at(index).at('alias').fail(`duplicate output column ${JSON.stringify(alias.slice(0, 80))}`);
    seen.add(alias);
  });
}

export function parseSortKeys(value: unknown, site: Site): SortKey[] {
  if (!Array.isArray(value)) return site.fail('by must be a list of { expression, direction } items');
  if (value.length === 0) return site.fail('by needs at least 1 item');
  if (value.length > 1000) return site.fail('by has more than 1000 items');
  return value.map((item, index) => {
    const itemSite = site.at(index);
    if (!isPlainObject(item)) return itemSite.fail('by items must be { expression, direction } objects');
    checkKeys(item, ['expression', 'direction'], itemSite, 'sort item');
    const expression = parseExpression(own(item, 'expression'), itemSite.at('expression'));
    if (containsAggregate(expression)) return itemSite.at('expression').fail('aggregates are not allowed in sort');
    const raw = own(item, 'direction') ?? 'asc';
    const direction = typeof raw === 'string' ? raw.toLowerCase() : raw;
    if (direction !== 'asc' && direction !== 'desc') return itemSite.at('direction').fail('direction must be asc or desc');
    return { expression, direction };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Structural helpers.

export function children(expression: Expression): Expression[] {
  switch (expression.kind) {
    case 'column':
    case 'literal':
      return [];
    case 'binary':
      return [expression.left, expression.right];
    case 'in':
      return [expression.operand, ...expression.values];
    case 'aggregate':
      return expression.operand ? [expression.operand] : [];
    default:
      return [expression.operand];
  }
}

export function containsAggregate(expression: Expression): boolean {
  return expression.kind === 'aggregate' || children(expression).some(containsAggregate);
}

/** The first column referenced outside any aggregate, if any. */
export function columnOutsideAggregate(expression: Expression): ColumnExpression | undefined {
  if (expression.kind === 'column') return expression;
  if (expression.kind === 'aggregate') return undefined;
  for (const child of children(expression)) {
    const found = columnOutsideAggregate(child);
    if (found) return found;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Builders (no validation here; nodes validate the expressions they receive).

const binary =
  (op: BinaryOp) =>
  (left: Expression, right: Expression): BinaryExpression => ({ kind: 'binary', op, left, right });
const aggregate =
  (fn: AggregateFn) =>
  (operand?: Expression, options: { distinct?: boolean } = {}): AggregateExpression =>
    operand ? { kind: 'aggregate', fn, operand, ...options } : { kind: 'aggregate', fn, ...options };

/** Expression builders: `expr.gt(expr.col('a'), expr.lit(3))`. */
export const expr = {
  col: (name: string): ColumnExpression => ({ kind: 'column', name }),
  lit: (value: LiteralValue): LiteralExpression => ({ kind: 'literal', value }),
  add: binary('+'),
  sub: binary('-'),
  mul: binary('*'),
  div: binary('/'),
  mod: binary('%'),
  eq: binary('='),
  ne: binary('!='),
  lt: binary('<'),
  le: binary('<='),
  gt: binary('>'),
  ge: binary('>='),
  and: (first: Expression, ...rest: Expression[]): Expression => rest.reduce<Expression>((acc, next) => binary('and')(acc, next), first),
  or: (first: Expression, ...rest: Expression[]): Expression => rest.reduce<Expression>((acc, next) => binary('or')(acc, next), first),
  not: (operand: Expression): NotExpression => ({ kind: 'not', operand }),
  isNull: (operand: Expression): IsNullExpression => ({ kind: 'isNull', operand }),
  isNotNull: (operand: Expression): IsNullExpression => ({ kind: 'isNull', operand, negate: true }),
  in: (operand: Expression, values: readonly LiteralValue[]): InExpression => ({
    kind: 'in',
    operand,
    values: values.map((value) => ({ kind: 'literal', value })),
  }),
  sum: aggregate('sum'),
  count: aggregate('count'),
  min: aggregate('min'),
  max: aggregate('max'),
  mean: aggregate('mean'),
  median: aggregate('median'),
  mode: aggregate('mode'),
  timeTrunc: (interval: TimeIntervalCode | 'YEAR' | 'MONTH' | 'DAY' | 'HOUR' | 'MINUTE', operand: Expression): TimeTruncExpression => ({
    kind: 'timeTrunc',
    interval: interval as TimeIntervalCode,
    operand,
  }),
  /** `{ expression, alias }` item of select and group. */
  as: (expression: Expression, alias: string): NamedExpression => ({ expression, alias }),
  asc: (expression: Expression): SortKey => ({ expression, direction: 'asc' }),
  desc: (expression: Expression): SortKey => ({ expression, direction: 'desc' }),
} as const;
