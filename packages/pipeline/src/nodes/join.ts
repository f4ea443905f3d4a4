import { JOIN_TYPES } from '@atlas/domain';
import { comparable, lookupColumn } from '../compile-expression.js';
import type { NodeDefinition } from '../node-definition.js';
import { freeName } from '../node-definition.js';
import { checkName, custom, NAME_SCHEMA, oneOf, withDefault } from '../props.js';
import { listOf } from '../json-schema.js';

export type JoinType = (typeof JOIN_TYPES)[number];

export interface JoinProps {
  /** LEFT, INNER (default) or FULL. */
  readonly join: JoinType;
  /** Equality conditions: `[["left_column", "right_column"], …]`, at least one pair. */
  readonly on: readonly (readonly [string, string])[];
}

const SQL_JOIN: Record<JoinType, string> = { LEFT: 'LEFT JOIN', INNER: 'INNER JOIN', FULL: 'FULL OUTER JOIN' };

export const joinNode: NodeDefinition<'join', JoinProps> = {
  kind: 'join',
  description: 'Joins two inputs on column equalities; right columns whose names collide get a `_right` suffix.',
  props: {
    join: withDefault(oneOf(JOIN_TYPES), 'INNER'),
    on: custom('list of [left column, right column] pairs (at least 1)', (value, site) => {
      if (!Array.isArray(value) || value.length === 0) return site.fail('on must be a non-empty list of [left column, right column] pairs');
      if (value.length > 100) return site.fail('on has more than 100 pairs');
      return value.map((pair, index) => {
        const pairSite = site.at(index);
        if (!Array.isArray(pair) || pair.length !== 2) return pairSite.fail('each on entry must be a list of exactly 2 column names [left, right]');
        return [checkName(pair[0], pairSite.at(0)), checkName(pair[1], pairSite.at(1))] as const;
      });
    }, listOf({ type: 'array', items: NAME_SCHEMA, minItems: 2, maxItems: 2 }, 1, 100)),
  },
  inputs: { min: 2, max: 2 },
  compile(node, [left, right], state) {
    const site = state.site.at('props').at('on');
    const conditions = node.props.on.map(([leftName, rightName], index) => {
      const l = lookupColumn(left!.columns, leftName, site.at(index).at(0));
      const r = lookupColumn(right!.columns, rightName, site.at(index).at(1));
      if (!comparable(l.type, r.type)) return site.at(index).reject(`Cannot compare ${l.type} with ${r.type}`, `Cannot join ${l.type} column with ${r.type} column`);
      return `${state.sql.column(l.name, 'l')} = ${state.sql.column(r.name, 'r')}`;
    });
    const taken = new Set(left!.columns.map((column) => column.name));
    const output = [
      ...left!.columns.map((column) => ({ from: state.sql.column(column.name, 'l'), column })),
      ...right!.columns.map((column) => {
        const name = freeName(column.name, '_right', taken);
        taken.add(name);
        return { from: state.sql.column(column.name, 'r'), column: { name, type: column.type } };
      }),
    ];
    const list = output.map(({ from, column }) => `${from} AS ${state.sql.ident(column.name)}`).join(', ');
    return {
      sql: `SELECT ${list} FROM ${left!.ref} AS l ${SQL_JOIN[node.props.join]} ${right!.ref} AS r ON ${conditions.join(' AND ')}`,
      columns: output.map(({ column }) => column),
    };
  },
};
