// Compiles a pipeline to one SQL statement: each node a CTE ("n0", "n1", …), the root node's SELECT last.
// Identical sub-pipelines (same hash) share one CTE.
import { compileExpression, compileLiteral } from './compile-expression.js';
import { PipelineError, Site } from './errors.js';
import { checkUniqueColumns, type CompileState, type NodeSql, type Relation } from './node-definition.js';
import { deserialize, isPipelineNode } from './node.js';
import { definitionOf, type PipelineNode } from './registry.js';
import { dialectSql } from './dialects.js';
import { ParamList } from './sql.js';
import { COLUMN_TYPES, type CompiledQuery, type CompileContext, type DatabaseQueryRequest, type ResolvedRelation } from './types.js';
import { columnList } from './nodes/shared.js';

/** 422 where the atlas_h3_* functions do not exist (every warehouse). */
export const h3Unavailable = (dialect: string) => `H3 functions are not available on ${dialect} connections`;
export const DATABASE_QUERY_IN_ENGINE = 'databaseQuery runs on its connection, not in the embedded engine';

function checkResolved(resolved: ResolvedRelation, what: string): ResolvedRelation {
  if (!resolved || typeof resolved.relation !== 'string' || resolved.relation.trim() === '' || !Array.isArray(resolved.columns)) {
    throw new TypeError(`${what} must return { relation, columns }`);
  }
  const names = new Set<string>();
  for (const column of resolved.columns) {
    if (!column || typeof column.name !== 'string' || column.name === '' || !(COLUMN_TYPES as readonly string[]).includes(column.type)) {
      throw new TypeError(`${what} returned a bad column: ${JSON.stringify(column)}`);
    }
    if (names.has(column.name)) throw new TypeError(`${what} returned duplicate column ${JSON.stringify(column.name)}`);
    names.add(column.name);
  }
  return resolved;
}

/** databaseQuery nodes (distinct by hash) in a pipeline. */
function databaseQueries(node: PipelineNode, found = new Map<string, PipelineNode & { type: 'databaseQuery' }>()): Map<string, PipelineNode & { type: 'databaseQuery' }> {
  if (node.type === 'databaseQuery') found.set(node.hash, node);
  for (const input of node.inputs) databaseQueries(input, found);
  return found;
}

/**
 * Compiles a pipeline (a node, or its JSON form, which is deserialized first) for a dialect.
 * Throws PipelineError 400 for invalid JSON and 422 for semantic errors (unknown columns, type errors, …).
 */
export async function compile(pipeline: PipelineNode, context: CompileContext): Promise<CompiledQuery> {
  const root = isPipelineNode(pipeline) ? pipeline : deserialize(pipeline);
  const sql = dialectSql(context.dialect);
  const dialect = sql.name;
  const rootSite = new Site('$', 'Invalid pipeline');

  // Compiled for the connection itself (describeDatabaseQuery, no runDatabaseQuery), databaseQueries are inlined (the
  // tables of one connection joined there); the $1..$k of the one that has parameters come first. A MotherDuck
  // connection inlines on the duckdb dialect too.
  const queries = !context.runDatabaseQuery && context.describeDatabaseQuery ? [...databaseQueries(root).values()] : [];
  const onConnection = queries.length > 0;
  const withParams = queries.filter((query) => query.props.params.length > 0);
  if (withParams.length > 1) return rootSite.reject(`Only one databaseQuery with params can run in one ${dialect} statement`);
  // Beside another query, one without params must not name $n: it would read the other's values.
  const unbound = queries.length > 1 ? queries.find((query) => query.props.params.length === 0 && /\$[0-9]/.test(query.props.query)) : undefined;
  if (unbound) return rootSite.reject(`A databaseQuery without params names a $n placeholder`, 'Give the values it names in its params, or join it with no other databaseQuery');
  const connectionIds = new Set(queries.map((query) => query.props.connectionId));
  if (connectionIds.size > 1) return rootSite.reject(`A ${dialect} statement runs on one connection`, `Its databaseQuery nodes name ${connectionIds.size} connections`);
  const inlined = withParams[0];
  const params = new ParamList(inlined ? inlined.props.params.length : 0);
  const ctes: string[] = [];
  const relations = new Map<string, Relation>();
  const datasets = new Map<string, Promise<ResolvedRelation>>();

  const addCte = (text: string): string => {
    const name = sql.ident(`n${ctes.length}`);
    ctes.push(`${name} AS (${text})`);
    return name;
  };

  const stateFor = (site: Site): CompileState => ({
    sql,
    context,
    site,
    param: (value) => params.add(value),
    literal: (value, type) => compileLiteral(value, { sql, param: (v) => params.add(v) }, type),
    expression: (expression, scope, at, options) => compileExpression(expression, scope, { sql, param: (v) => params.add(v) }, at, options),
    async resolveDataset(uuid) {
      let pending = datasets.get(uuid);
      if (!pending) {
        pending = Promise.resolve(context.resolveDataset(uuid)).then((resolved) => checkResolved(resolved, 'resolveDataset'));
        datasets.set(uuid, pending);
      }
      return pending;
    },
    addCte,
    requireH3(at) {
      // The atlas_h3_* functions are the embedded engine's own: a statement for a connection (MotherDuck too) has none.
      if (!sql.h3 || onConnection) return at.reject(h3Unavailable(dialect));
    },
    async databaseQuery(request: DatabaseQueryRequest, at: Site): Promise<NodeSql> {
      if (context.runDatabaseQuery) {
        const resolved = checkResolved(await context.runDatabaseQuery(request), 'runDatabaseQuery');
        if (resolved.columns.length === 0) return at.reject('databaseQuery yields no columns');
        return { sql: `SELECT ${columnList(resolved.columns, 't', sql)} FROM ${resolved.relation} AS t`, columns: resolved.columns };
      }
      if (!context.describeDatabaseQuery) {
        return at.reject(dialect === 'duckdb' ? DATABASE_QUERY_IN_ENGINE : `databaseQuery needs describeDatabaseQuery to compile on ${dialect}`);
      }
      const described = checkResolved({ relation: 'q', columns: await context.describeDatabaseQuery(request) }, 'describeDatabaseQuery');
      if (described.columns.length === 0) return at.reject('databaseQuery yields no columns');
      // The user's own SQL for the user's own warehouse; newlines keep a trailing comment from swallowing the parenthesis.
      const text = request.query.replace(/[\s;]+$/, '');
      return { sql: `SELECT ${columnList(described.columns, 't', sql)} FROM (\n${text}\n) AS t`, columns: described.columns };
    },
  });

  const compileNode = async (node: PipelineNode, site: Site): Promise<NodeSql> => {
    const inputs: Relation[] = [];
    for (const [index, input] of node.inputs.entries()) inputs.push(await relationOf(input, site.at('inputs').at(index)));
    const definition = definitionOf(node.type);
    const result = await definition.compile(node as never, inputs, stateFor(site));
    checkUniqueColumns(result.columns, site);
    return result;
  };

  const relationOf = async (node: PipelineNode, site: Site): Promise<Relation> => {
    const known = relations.get(node.hash);
    if (known) return known;
    const result = await compileNode(node, site);
    const relation: Relation = { ref: addCte(result.sql), columns: result.columns, ...(result.orderBy ? { orderBy: result.orderBy } : {}) };
    relations.set(node.hash, relation);
    return relation;
  };

  const result = await compileNode(root, new Site('$', 'Invalid pipeline'));
  const statement = ctes.length > 0 ? `WITH ${ctes.join(', ')} ${result.sql}` : result.sql;
  const allParams = inlined ? [...inlined.props.params, ...params.values] : params.values;
  if (sql.maxParams !== undefined && allParams.length > sql.maxParams) {
    return rootSite.reject(`Pipeline has too many values for one ${dialect} statement`, `${allParams.length} parameters; ${dialect} accepts at most ${sql.maxParams}`);
  }
  return {
    sql: statement,
    params: Object.freeze(allParams),
    columns: Object.freeze(result.columns.map((column) => ({ name: column.name, type: column.type }))),
    ...(onConnection ? { connectionId: queries[0]!.props.connectionId } : {}),
  };
}

export { PipelineError };
