// Type-checks expressions against the columns of their input and writes them as SQL.
// Column names enter the SQL only as quoted identifiers; literals only as `$n` parameters.
import { quoteForMessage, type Site } from './errors.js';
import type { Expression, LiteralValue } from './expression.js';
import { DATE_TRUNC_UNITS, type DialectSql } from './dialects.js';
import type { ColumnInfo, ColumnType } from './types.js';

export interface TypedSql {
  readonly sql: string;
  readonly type: ColumnType;
}

/** The columns an expression may reference and the relation alias that qualifies them. */
export interface Scope {
  readonly columns: readonly ColumnInfo[];
  readonly qualifier?: string;
}

export interface ExpressionCompiler {
  /** The SQL family compiled to: quoting, type names and the functions that differ. */
  readonly sql: DialectSql;
  param(value: unknown): string;
}

export interface ExpressionOptions {
  /** Aggregates allowed at the top of this expression (select, group expressions). Default false. */
  readonly aggregates?: boolean;
}

export const isNumeric = (type: ColumnType) => type === 'integer' || type === 'number' || type === 'unknown';
export const isTemporal = (type: ColumnType) => type === 'timestamp' || type === 'date' || type === 'unknown';
export const isBooleanish = (type: ColumnType) => type === 'boolean' || type === 'unknown';

function family(type: ColumnType): string {
  switch (type) {
    case 'integer':
    case 'number':
      return 'number';
    case 'timestamp':
    case 'date':
      return 'time';
    case 'h3':
    case 'string':
      return 'string';
    default:
      return type;
  }
}

/** Whether two types can be compared (=, <, IN, join keys). `unknown` compares with anything; geometry with nothing. */
export function comparable(a: ColumnType, b: ColumnType): boolean {
  if (a === 'geometry' || b === 'geometry') return false;
  if (a === 'unknown' || b === 'unknown') return true;
  return family(a) === family(b);
}

/** Finds a column in scope or answers 422 `Unknown column "x"`. */
export function lookupColumn(scope: Scope | readonly ColumnInfo[], name: string, site: Site): ColumnInfo {
  const columns = 'columns' in scope ? scope.columns : scope;
  const column = columns.find((candidate) => candidate.name === name);
  if (!column) {
    const available = columns.map((candidate) => quoteForMessage(candidate.name)).join(', ');
    return site.reject(`Unknown column ${quoteForMessage(name)}`, `Unknown column ${quoteForMessage(name)}; available columns: ${available || '(none)'}`);
  }
  return column;
}

/** A literal as SQL: `NULL`, or a typed placeholder `CAST($n AS T)`. A string meeting a date/time becomes that type. */
export function compileLiteral(value: LiteralValue, compiler: ExpressionCompiler, hint?: ColumnType): TypedSql {
  if (value === null) return { sql: 'NULL', type: 'unknown' };
  let type: ColumnType;
  if (typeof value === 'string') type = hint === 'timestamp' || hint === 'date' ? hint : 'string';
  else if (typeof value === 'boolean') type = 'boolean';
  else type = Number.isSafeInteger(value) ? 'integer' : 'number';
  return { sql: `CAST(${compiler.param(value)} AS ${compiler.sql.type(type)})`, type };
}

/** 422 for an aggregate the warehouse has no exact form of (an approximation would answer something else). */
const unavailable = (fn: string, sql: DialectSql) => `${fn} is not available on ${sql.name}`;

function describe(expression: Expression, op: string): string {
  return expression.kind === 'column' ? `Column ${quoteForMessage(expression.name)}` : `Operand of ${op}`;
}

function expect(ok: boolean, expression: Expression, type: ColumnType, what: string, op: string, site: Site): void {
  if (!ok) {
    const message = `${describe(expression, op)} is not ${what}`;
    return site.reject(message, `${message} (type ${type})`);
  }
}

/** Compiles an expression against a scope. */
export function compileExpression(
  expression: Expression,
  scope: Scope,
  compiler: ExpressionCompiler,
  site: Site,
  options: ExpressionOptions = {},
): TypedSql {
  return compileNode(expression, scope, compiler, site, options.aggregates === true, undefined);
}

function compileNode(
  expression: Expression,
  scope: Scope,
  compiler: ExpressionCompiler,
  site: Site,
  aggregatesAllowed: boolean,
  hint: ColumnType | undefined,
): TypedSql {
  const sub = (child: Expression, key: string, childHint?: ColumnType) =>
    compileNode(child, scope, compiler, site.at(key), aggregatesAllowed, childHint);
  switch (expression.kind) {
    case 'column': {
      const column = lookupColumn(scope, expression.name, site.at('name'));
      return { sql: compiler.sql.column(column.name, scope.qualifier), type: column.type };
    }
    case 'literal':
      return compileLiteral(expression.value, compiler, hint);
    case 'binary': {
      const { op } = expression;
      // Compile the non-literal side first so a literal on the other side can take its type (dates).
      let left: TypedSql;
      let right: TypedSql;
      if (expression.left.kind === 'literal' && expression.right.kind !== 'literal') {
        right = sub(expression.right, 'right');
        left = sub(expression.left, 'left', right.type);
      } else {
        left = sub(expression.left, 'left');
        right = sub(expression.right, 'right', left.type);
      }
      switch (op) {
        case '+':
        case '-':
        case '*': {
          expect(isNumeric(left.type), expression.left, left.type, 'numeric', op, site.at('left'));
          expect(isNumeric(right.type), expression.right, right.type, 'numeric', op, site.at('right'));
          const type: ColumnType =
            left.type === 'integer' && right.type === 'integer' ? 'integer' : left.type === 'unknown' || right.type === 'unknown' ? 'unknown' : 'number';
          return { sql: `(${left.sql} ${op} ${right.sql})`, type };
        }
        case '/': {
          expect(isNumeric(left.type), expression.left, left.type, 'numeric', op, site.at('left'));
          expect(isNumeric(right.type), expression.right, right.type, 'numeric', op, site.at('right'));
          // Always a floating-point division; division by zero gives NULL on every dialect.
          return { sql: compiler.sql.divide(left.sql, right.sql), type: 'number' };
        }
        case '%': {
          const integral = (type: ColumnType) => type === 'integer' || type === 'unknown';
          expect(integral(left.type), expression.left, left.type, 'an integer', op, site.at('left'));
          expect(integral(right.type), expression.right, right.type, 'an integer', op, site.at('right'));
          return { sql: compiler.sql.modulo(left.sql, right.sql), type: 'integer' };
        }
        case 'and':
        case 'or':
          expect(isBooleanish(left.type), expression.left, left.type, 'boolean', op, site.at('left'));
          expect(isBooleanish(right.type), expression.right, right.type, 'boolean', op, site.at('right'));
          return { sql: `(${left.sql} ${op.toUpperCase()} ${right.sql})`, type: 'boolean' };
        default: {
          if (!comparable(left.type, right.type)) {
            return site.reject(`Cannot compare ${left.type} with ${right.type}`, `Cannot compare ${left.type} with ${right.type} using ${op}`);
          }
          return { sql: `(${left.sql} ${op === '!=' ? '<>' : op} ${right.sql})`, type: 'boolean' };
        }
      }
    }
    case 'not': {
      const operand = sub(expression.operand, 'operand');
      expect(isBooleanish(operand.type), expression.operand, operand.type, 'boolean', 'not', site.at('operand'));
      return { sql: `(NOT ${operand.sql})`, type: 'boolean' };
    }
    case 'isNull': {
      const operand = sub(expression.operand, 'operand');
      return { sql: `(${operand.sql} IS ${expression.negate ? 'NOT ' : ''}NULL)`, type: 'boolean' };
    }
    case 'in': {
      const operand = sub(expression.operand, 'operand');
      const values = expression.values.map((value, index) => {
        const compiled = compileLiteral(value.value, compiler, operand.type);
        if (!comparable(operand.type, compiled.type)) {
          return site.at('values').at(index).reject(`Cannot compare ${operand.type} with ${compiled.type}`);
        }
        return compiled.sql;
      });
      return { sql: `(${operand.sql} IN (${values.join(', ')}))`, type: 'boolean' };
    }
    case 'aggregate': {
      if (!aggregatesAllowed) return site.reject('Aggregates are not allowed here', 'Aggregates are allowed only in select and group expressions');
      const { fn } = expression;
      const distinct = expression.distinct ? 'DISTINCT ' : '';
      if (!expression.operand) return { sql: 'count(*)', type: 'integer' };
      // Aggregates cannot nest: the operand is compiled with aggregates forbidden.
      const operand = compileNode(expression.operand, scope, compiler, site.at('operand'), false, undefined);
      const x = operand.sql;
      switch (fn) {
        case 'count':
          return { sql: `count(${distinct}${x})`, type: 'integer' };
        case 'sum':
          expect(isNumeric(operand.type), expression.operand, operand.type, 'numeric', fn, site.at('operand'));
          return { sql: `sum(${distinct}${x})`, type: operand.type };
        case 'mean':
          expect(isNumeric(operand.type), expression.operand, operand.type, 'numeric', fn, site.at('operand'));
          return { sql: `avg(${distinct}${x})`, type: 'number' };
        case 'median':
          expect(isNumeric(operand.type), expression.operand, operand.type, 'numeric', fn, site.at('operand'));
          if (!compiler.sql.median) return site.reject(unavailable(fn, compiler.sql));
          return { sql: compiler.sql.median(x), type: 'number' };
        case 'min':
        case 'max':
          expect(operand.type !== 'geometry', expression.operand, operand.type, 'orderable', fn, site.at('operand'));
          return { sql: `${fn}(${distinct}${x})`, type: operand.type };
        case 'mode':
          expect(operand.type !== 'geometry', expression.operand, operand.type, 'comparable', fn, site.at('operand'));
          if (!compiler.sql.mode) return site.reject(unavailable(fn, compiler.sql));
          return { sql: compiler.sql.mode(x), type: operand.type };
      }
      break;
    }
    case 'timeTrunc': {
      const operand = sub(expression.operand, 'operand', 'timestamp');
      expect(isTemporal(operand.type), expression.operand, operand.type, 'a timestamp or date', 'timeTrunc', site.at('operand'));
      const unit = DATE_TRUNC_UNITS[expression.interval];
      return { sql: compiler.sql.truncate(unit, `CAST(${operand.sql} AS ${compiler.sql.type('timestamp')})`), type: 'timestamp' };
    }
  }
  throw new Error('unreachable expression kind');
}
