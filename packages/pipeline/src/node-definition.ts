// What a node kind is: its props (typed, defaulted, validated), its input arity and its SQL compilation.
// One NodeDefinition per kind, in src/nodes/<kind>.ts, registered in registry.ts.
import type { Site } from './errors.js';
import type { ExpressionCompiler, Scope, TypedSql } from './compile-expression.js';
import type { Expression, LiteralValue } from './expression.js';
import type { PropTypes } from './props.js';
import type { PipelineNode } from './registry.js';
import type { ColumnInfo, ColumnType, CompileContext, DatabaseQueryRequest, ResolvedRelation } from './types.js';

/** A node value: immutable, deeply frozen, with its content hash. */
export interface NodeOf<K extends string, P> {
  readonly type: K;
  readonly props: Readonly<P>;
  readonly inputs: readonly PipelineNode[];
  /** SHA-256 hex of the canonical JSON (sorted keys, defaults applied). */
  readonly hash: string;
  /** The canonical JSON form (also what `serialize` returns). */
  toJSON(): NodeJson;
}

/** JSON form of a node. */
export interface NodeJson {
  readonly type: string;
  readonly props?: { readonly [key: string]: unknown };
  readonly inputs?: readonly NodeJson[];
}

/** An input already compiled: a relation name usable in FROM and its columns. */
export interface Relation {
  /** `"n0"`: a CTE name written by the compiler. */
  readonly ref: string;
  readonly columns: readonly ColumnInfo[];
  /** ORDER BY terms (over `t.` columns) that order-preserving consumers re-apply: filter, limit, select, tileExtract. */
  readonly orderBy?: string;
}

/** What a node compiles to: one SELECT statement and its output columns (names unique). */
export interface NodeSql {
  readonly sql: string;
  readonly columns: readonly ColumnInfo[];
  /** ORDER BY terms over this node's own columns, qualified `t.`, when its rows are ordered. */
  readonly orderBy?: string;
}

/** Services the compiler offers a node's `compile`. */
export interface CompileState extends ExpressionCompiler {
  readonly context: CompileContext;
  /** The node's location in the pipeline JSON. */
  readonly site: Site;
  /** A typed placeholder for a user value. */
  literal(value: LiteralValue, type?: ColumnType): TypedSql;
  /** Type-checks and compiles an expression (422 on unknown columns or type errors). */
  expression(expression: Expression, scope: Scope, site: Site, options?: { aggregates?: boolean }): TypedSql;
  /** The engine's relation for a dataset (memoised per uuid). */
  resolveDataset(uuid: string, site: Site): Promise<ResolvedRelation>;
  /** Adds a helper CTE and returns its quoted name. */
  addCte(sql: string): string;
  /** 422 on dialects without the atlas_h3_* functions. */
  requireH3(site: Site): void;
  /** databaseQuery support (see nodes/database-query.ts). */
  databaseQuery(request: DatabaseQueryRequest, site: Site): Promise<NodeSql>;
}

export interface NodeDefinition<K extends string, P> {
  readonly kind: K;
  /** One sentence for the README and error details. */
  readonly description: string;
  readonly props: PropTypes<P>;
  /** How many inputs the node takes. Sources: { min: 0, max: 0 }. */
  readonly inputs: { readonly min: number; readonly max: number };
  /** Message of 400 errors about one prop; default `Messages.invalidNodeProps(kind)`. */
  readonly propMessage?: (prop: string) => string;
  /** Cross-prop rules and conditional defaults, after each prop was parsed. `siteOf(prop)` locates a prop. */
  readonly finalize?: (props: P, siteOf: (prop: string) => Site) => P;
  compile(node: NodeOf<K, P>, inputs: readonly Relation[], state: CompileState): NodeSql | Promise<NodeSql>;
}

/** Identity helper that lets TypeScript infer a definition's kind and props. */
export function defineNode<const K extends string, P>(definition: NodeDefinition<K, P>): NodeDefinition<K, P> {
  return definition;
}

/** Fails with 422 when an output would have duplicate column names. */
export function checkUniqueColumns(columns: readonly ColumnInfo[], site: Site): void {
  const seen = new Set<string>();
  for (const column of columns) {
    if (seen.has(column.name)) return site.reject(`Duplicate output column ${JSON.stringify(column.name.slice(0, 80))}`);
    seen.add(column.name);
  }
}

/** A name not in `taken`: `base`, else `base<suffix>`, `base<suffix>_2`, … */
export function freeName(base: string, suffix: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  let candidate = `${base}${suffix}`;
  for (let i = 2; taken.has(candidate); i++) candidate = `${base}${suffix}_${i}`;
  return candidate;
}
