import type { NodeDefinition } from '../node-definition.js';
import { integer, optional } from '../props.js';
import { ONE_INPUT, orderClause } from './shared.js';

export interface LimitProps {
  /** Rows to keep: an integer > 0. */
  readonly length: number;
  /** Rows to skip first: an integer > 0 when present (absent means none). */
  readonly offset?: number;
}

export const limitNode: NodeDefinition<'limit', LimitProps> = {
  kind: 'limit',
  description: 'Keeps `length` rows after skipping `offset` rows, in the order of a preceding sort.',
  props: { length: integer(1), offset: optional(integer(1)) },
  inputs: ONE_INPUT,
  compile(node, [input], state) {
    const length = state.param(node.props.length);
    const limit = state.sql.limit(length, node.props.offset === undefined ? undefined : state.param(node.props.offset));
    const result = { sql: `SELECT * FROM ${input!.ref} AS t${orderClause(input!)}${limit}`, columns: input!.columns };
    return input!.orderBy ? { ...result, orderBy: input!.orderBy } : result;
  },
};
