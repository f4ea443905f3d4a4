// What a template may do, decided on DuckDB's own parse tree (json_serialize_sql): one SELECT that reads the named
// dataset, its own WITH names and a few generators. Anything else (catalog views, file readers, dynamic SQL,
// settings) is refused by name before the query runs, so the sandbox never has to be trusted to refuse it.
import { Messages } from '@atlas/domain';
import { badRequest } from '../../http/errors.js';

/** Table functions that read nothing but their arguments. */
const GENERATORS = new Set(['range', 'generate_series', 'unnest']);

/**
 * Scalar functions that tell what the server is configured with or read the catalog (views hold file paths).
 * sandbox-sql.test.ts checks every built-in macro that reads the catalog is here.
 */
export const REFUSED_FUNCTIONS = new Set(['current_setting', 'getvariable', 'pg_get_viewdef', 'pg_get_constraintdef', 'format_type', 'get_block_size']);

/** Table reference kinds that only combine or produce rows; BASE_TABLE and TABLE_FUNCTION are checked by name. */
const COMBINING_REFS = new Set(['JOIN', 'SUBQUERY', 'EXPRESSION_LIST', 'EMPTY', 'PIVOT']);

const refused = (details: string) => badRequest(Messages.couldNotParseQueryTemplate, details);

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The answer of json_serialize_sql: one SELECT statement, or a 400 saying why not. */
export function selectStatement(serialized: string): Node {
  const parsed = JSON.parse(serialized) as { error: boolean; error_type?: string; error_message?: string; statements?: unknown[] };
  if (parsed.error) {
    if (parsed.error_type === 'not implemented') throw refused('Only a SELECT query can run in a template (no COPY, ATTACH, SET, PRAGMA, INSTALL, CREATE …)');
    throw refused(parsed.error_message ?? 'Not a valid query');
  }
  if (parsed.statements?.length !== 1 || !isNode(parsed.statements[0])) throw refused('A template holds one SELECT statement');
  return parsed.statements[0];
}

/** Refuses a parsed SELECT that names a table other than `tables` (unqualified) and its own WITH names, or a refused function. */
export function checkSelect(statement: Node, tables: readonly string[]): void {
  walk(statement, new Set(tables.map((name) => name.toLowerCase())));
}

function walk(value: unknown, scope: ReadonlySet<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, scope);
    return;
  }
  if (!isNode(value)) return;
  const withNames = cteNames(value);
  if (withNames.length > 0) {
    // A WITH entry sees the names before it (and itself only when recursive: RECURSIVE_CTE_NODE adds it).
    const entries = (value.cte_map as { map: { key: string; value: Node }[] }).map;
    const seen = new Set(scope);
    for (const entry of entries) {
      walk(entry.value, seen);
      seen.add(entry.key.toLowerCase());
    }
    const { cte_map: _done, ...rest } = value;
    walk(rest, seen);
    return;
  }
  if (value.type === 'RECURSIVE_CTE_NODE') scope = new Set([...scope, String(value.cte_name).toLowerCase()]);
  if (isTableRef(value)) checkTableRef(value, scope);
  if (value.class === 'FUNCTION') checkFunction(String(value.function_name));
  for (const child of Object.values(value)) walk(child, scope);
}

function cteNames(node: Node): string[] {
  const map = (node.cte_map as { map?: { key: string }[] } | undefined)?.map;
  return Array.isArray(map) ? map.map((entry) => entry.key) : [];
}

/** Table references carry a sample clause and a location; query nodes have no location, expressions have a class. */
const isTableRef = (node: Node) => typeof node.type === 'string' && 'sample' in node && 'query_location' in node && !('class' in node);

function checkTableRef(ref: Node, scope: ReadonlySet<string>): void {
  if (ref.type === 'BASE_TABLE') {
    const name = [ref.catalog_name, ref.schema_name, ref.table_name].filter(Boolean).join('.');
    if (ref.catalog_name || ref.schema_name || !scope.has(String(ref.table_name).toLowerCase())) {
      throw refused(`A template reads {{dataset}} and its own WITH names only, not "${name}"`);
    }
  } else if (ref.type === 'TABLE_FUNCTION') {
    const name = String((ref.function as Node | undefined)?.function_name ?? '').toLowerCase();
    if (!GENERATORS.has(name)) throw refused(`The table function ${name} is not available in templates (only ${[...GENERATORS].join(', ')})`);
  } else if (!COMBINING_REFS.has(String(ref.type))) {
    throw refused(`${ref.type === 'SHOW_REF' ? 'SUMMARIZE and DESCRIBE are' : `${String(ref.type)} is`} not available in templates`);
  }
}

function checkFunction(name: string): void {
  if (REFUSED_FUNCTIONS.has(name.toLowerCase())) throw refused(`The function ${name} is not available in templates`);
}
