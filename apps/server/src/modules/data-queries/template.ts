// Query template expansion: pure text work, no I/O. A template is SQL with {{name}} placeholders; every value
// becomes a bound parameter ($n), never SQL text. The only text spliced in is the trusted name {{dataset}} stands
// for (see sandbox.ts).
import {
  DATASET_PLACEHOLDER,
  Messages,
  type ParameterValue,
  type ParameterValues,
  type Rollup,
  type TemplateParameter,
  type TemplateParameterType,
} from '@atlas/domain';
import { badRequest } from '../../http/errors.js';

type LiteralPart = string | { name: string };
type Token =
  | { kind: 'sql'; text: string }
  | { kind: 'placeholder'; name: string }
  /** A standard string literal holding placeholders: it becomes one bound VARCHAR. */
  | { kind: 'literal'; parts: LiteralPart[] };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const parseError = (details: string) => badRequest(Messages.couldNotParseQueryTemplate, details);

/** Where (1-based line) an offset lies, for error details. */
function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text[i] === '\n') line++;
  return line;
}

function readPlaceholder(text: string, start: number): { name: string; end: number } {
  const close = text.indexOf('}}', start + 2);
  if (close < 0) throw parseError(`Unclosed placeholder "{{" at line ${lineOf(text, start)}`);
  const name = text.slice(start + 2, close).trim();
  if (!NAME.test(name)) throw parseError(`Invalid placeholder name ${JSON.stringify(name.slice(0, 80))} at line ${lineOf(text, start)}`);
  return { name, end: close + 2 };
}

/**
 * Splits a template into SQL text, placeholders and literals with placeholders; strips comments.
 * Refuses what it cannot place safely: unbalanced quotes, comments or braces, $ parameters and dollar quotes, ?,
 * placeholders inside quoted identifiers or E'' strings, and more than one statement.
 */
export function tokenizeTemplate(text: string): Token[] {
  const tokens: Token[] = [];
  let sql = '';
  const flush = () => {
    if (sql) tokens.push({ kind: 'sql', text: sql });
    sql = '';
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    const next = text[i + 1];
    if (char === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      sql += ' ';
      i = end < 0 ? text.length : end;
    } else if (char === '/' && next === '*') {
      // Block comments nest (as in PostgreSQL).
      let depth = 1;
      let j = i + 2;
      while (j < text.length && depth > 0) {
        if (text[j] === '/' && text[j + 1] === '*') (depth++, (j += 2));
        else if (text[j] === '*' && text[j + 1] === '/') (depth--, (j += 2));
        else j++;
      }
      if (depth > 0) throw parseError(`Unclosed comment "/*" at line ${lineOf(text, i)}`);
      sql += ' ';
      i = j;
    } else if (char === '*' && next === '/') {
      throw parseError(`Unbalanced comment "*/" at line ${lineOf(text, i)}`);
    } else if (char === "'") {
      const escaped = /[eE]$/.test(sql) && !/[A-Za-z0-9_][eE]$/.test(sql);
      const { parts, end } = readString(text, i, escaped);
      if (parts.every((part) => typeof part === 'string')) sql += text.slice(i, end);
      else {
        if (escaped) throw parseError(`Placeholders are not allowed in E'' strings (line ${lineOf(text, i)})`);
        flush();
        tokens.push({ kind: 'literal', parts });
      }
      i = end;
    } else if (char === '"') {
      let j = i + 1;
      for (;;) {
        if (j >= text.length) throw parseError(`Unclosed quoted identifier at line ${lineOf(text, i)}`);
        if (text[j] === '"') {
          if (text[j + 1] === '"') j += 2;
          else break;
        } else j++;
      }
      const identifier = text.slice(i, j + 1);
      if (identifier.includes('{{')) throw parseError(`Placeholders cannot name identifiers (line ${lineOf(text, i)})`);
      sql += identifier;
      i = j + 1;
    } else if (char === '{' && next === '{') {
      const { name, end } = readPlaceholder(text, i);
      flush();
      tokens.push({ kind: 'placeholder', name });
      i = end;
    } else if (char === '}' && next === '}') {
      throw parseError(`Unbalanced "}}" at line ${lineOf(text, i)}`);
    } else if (char === '$' || char === '?') {
      throw parseError(`Positional parameters and dollar quotes are not allowed; use {{name}} placeholders (line ${lineOf(text, i)})`);
    } else if (char === ';') {
      if (!isBlankRest(text, i + 1)) throw parseError(`A template holds one statement (";" at line ${lineOf(text, i)})`);
      i = text.length;
    } else if (char === '\0') {
      throw parseError('NUL characters are not allowed');
    } else {
      sql += char;
      i++;
    }
  }
  flush();
  if (tokens.every((token) => token.kind === 'sql' && token.text.trim() === '')) throw parseError('The template is empty');
  return tokens;
}

/** True when only whitespace, comments and semicolons follow. */
function isBlankRest(text: string, from: number): boolean {
  const rest = text.slice(from);
  try {
    return tokenizeRest(rest);
  } catch {
    return false;
  }
}

function tokenizeRest(rest: string): boolean {
  const stripped = rest.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ');
  return /^[\s;]*$/.test(stripped);
}

function readString(text: string, start: number, escaped: boolean): { parts: LiteralPart[]; end: number } {
  const parts: LiteralPart[] = [];
  let chunk = '';
  let j = start + 1;
  for (;;) {
    if (j >= text.length) throw parseError(`Unclosed string literal at line ${lineOf(text, start)}`);
    const char = text[j]!;
    if (escaped && char === '\\') {
      chunk += text.slice(j, j + 2);
      j += 2;
    } else if (char === "'") {
      if (text[j + 1] === "'") {
        chunk += "'";
        j += 2;
      } else break;
    } else if (char === '{' && text[j + 1] === '{') {
      const { name, end } = readPlaceholder(text, j);
      if (chunk) parts.push(chunk);
      chunk = '';
      parts.push({ name });
      j = end;
    } else if (char === '}' && text[j + 1] === '}') {
      throw parseError(`Unbalanced "}}" at line ${lineOf(text, j)}`);
    } else {
      chunk += char;
      j++;
    }
  }
  if (chunk) parts.push(chunk);
  return { parts, end: j + 1 };
}

/** The placeholder names a template uses, in order of first use. */
export function templatePlaceholders(text: string): string[] {
  const names = new Set<string>();
  for (const token of tokenizeTemplate(text)) {
    if (token.kind === 'placeholder') names.add(token.name);
    if (token.kind === 'literal') for (const part of token.parts) if (typeof part !== 'string') names.add(part.name);
  }
  return [...names];
}

/** Checks a template against its declared parameters (on create and update): every placeholder must be declared. */
export function checkTemplate(text: string, parameters: readonly TemplateParameter[]): void {
  const declared = new Set<string>();
  for (const parameter of parameters) {
    if (parameter.name === DATASET_PLACEHOLDER) throw parseError(`"${DATASET_PLACEHOLDER}" is reserved for the dataset and cannot be a parameter`);
    if (declared.has(parameter.name)) throw parseError(`Parameter "${parameter.name}" is declared twice`);
    declared.add(parameter.name);
    if (parameter.default !== undefined) checkValue(parameter, parameter.default, 'default of');
  }
  for (const name of templatePlaceholders(text)) {
    if (name !== DATASET_PLACEHOLDER && !declared.has(name)) throw parseError(`Unknown placeholder {{${name}}}`);
  }
}

const SQL_TYPES: Record<TemplateParameterType, string> = {
  string: 'VARCHAR',
  number: 'DOUBLE',
  integer: 'BIGINT',
  boolean: 'BOOLEAN',
  date: 'DATE',
  timestamp: 'TIMESTAMP',
};

const invalidParameter = (details: string) => badRequest('Invalid query parameters', details);

function checkScalar(parameter: TemplateParameter, value: unknown, what: string): void {
  if (value === null) return;
  const ok = (() => {
    switch (parameter.type) {
      case 'string':
        return typeof value === 'string';
      case 'number':
        return typeof value === 'number' && Number.isFinite(value);
      case 'integer':
        return typeof value === 'number' && Number.isSafeInteger(value);
      case 'boolean':
        return typeof value === 'boolean';
      case 'date':
        return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
      case 'timestamp':
        return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value) && !Number.isNaN(Date.parse(value));
    }
  })();
  if (!ok) throw invalidParameter(`The ${what} parameter "${parameter.name}" must be a ${parameter.type}${Array.isArray(value) ? '' : ` (got ${JSON.stringify(value)?.slice(0, 80)})`}`);
}

function checkValue(parameter: TemplateParameter, value: ParameterValue, what = 'value of'): void {
  if (Array.isArray(value)) for (const item of value) checkScalar(parameter, item, `${what} item of`);
  else checkScalar(parameter, value, what);
}

export interface ExpandOptions {
  /** Trusted SQL naming the dataset that {{dataset}} stands for. */
  dataset?: string;
}

export interface ExpandedQuery {
  sql: string;
  params: unknown[];
}

/**
 * Expands a template: scalars become `CAST($n AS type)`, lists a comma list of them (`IN ({{ids}})`; an empty list is
 * NULL), a string literal holding placeholders becomes one bound VARCHAR with list values joined by the parameter's
 * delimiter (or ","). Values are checked against the declared types; undeclared values are refused.
 */
export function expandTemplate(
  text: string,
  parameters: readonly TemplateParameter[],
  values: ParameterValues = {},
  options: ExpandOptions = {},
): ExpandedQuery {
  checkTemplate(text, parameters);
  const byName = new Map(parameters.map((parameter) => [parameter.name, parameter]));
  for (const name of Object.keys(values)) {
    if (!byName.has(name)) throw invalidParameter(`Unknown parameter "${name}"`);
  }
  const valueOf = (name: string): { parameter: TemplateParameter; value: ParameterValue } => {
    const parameter = byName.get(name)!;
    const value = Object.hasOwn(values, name) ? values[name]! : parameter.default;
    if (value === undefined) throw invalidParameter(`Parameter "${name}" has no value and no default`);
    checkValue(parameter, value);
    return { parameter, value };
  };

  const params: unknown[] = [];
  const bind = (value: unknown, type: string) => {
    params.push(value);
    return `CAST($${params.length} AS ${type})`;
  };
  let sql = '';
  for (const token of tokenizeTemplate(text)) {
    if (token.kind === 'sql') sql += token.text;
    else if (token.kind === 'placeholder') {
      if (token.name === DATASET_PLACEHOLDER) {
        if (options.dataset === undefined) throw badRequest('Query template needs a dataset', 'Send datasetId, or set the datasetId of the template');
        sql += options.dataset;
        continue;
      }
      const { parameter, value } = valueOf(token.name);
      const type = SQL_TYPES[parameter.type];
      if (Array.isArray(value)) sql += value.length === 0 ? 'NULL' : value.map((item) => bind(item, type)).join(', ');
      else sql += bind(value, type);
    } else {
      let literal = '';
      for (const part of token.parts) {
        if (typeof part === 'string') literal += part;
        else if (part.name === DATASET_PLACEHOLDER) throw parseError('{{dataset}} cannot stand inside a string literal');
        else {
          const { parameter, value } = valueOf(part.name);
          literal += Array.isArray(value) ? value.map((item) => (item === null ? '' : String(item))).join(parameter.delimiter ?? ',') : value === null ? '' : String(value);
        }
      }
      sql += bind(literal, 'VARCHAR');
    }
  }
  return { sql: sql.trim(), params };
}

/** A double-quoted SQL identifier. */
export const quoteIdentifier = (name: string) => {
  if (name.includes('\0')) throw badRequest('Invalid column name', 'Column names cannot contain NUL');
  return `"${name.replaceAll('"', '""')}"`;
};

const ROLLUP_FUNCTIONS: Record<Rollup['values'][number]['fn'], string> = {
  sum: 'sum',
  count: 'count',
  min: 'min',
  max: 'max',
  mean: 'avg',
  median: 'median',
  mode: 'mode',
};

/** Wraps a query in GROUP BY ROLLUP (rows…, columns…); subtotal rows carry NULL keys and sort after their group. */
export function wrapRollup(query: ExpandedQuery, rollup: Rollup): ExpandedQuery {
  const keys = [...(rollup.rows ?? []), ...(rollup.columns ?? [])];
  if (keys.length === 0) throw badRequest(Messages.rollupNeedsRowsOrColumns, 'rollup needs at least one of rows or columns');
  const quotedKeys = keys.map(quoteIdentifier);
  const values = rollup.values.map((value) => `${ROLLUP_FUNCTIONS[value.fn]}(${quoteIdentifier(value.column)}) AS ${quoteIdentifier(value.alias ?? value.column)}`);
  const select = [...quotedKeys, ...values].join(', ');
  const order = quotedKeys.map((key) => `${key} NULLS LAST`).join(', ');
  return {
    sql: `SELECT ${select} FROM (\n${query.sql}\n) AS atlas_rollup GROUP BY ROLLUP (${quotedKeys.join(', ')}) ORDER BY ${order}`,
    params: query.params,
  };
}
