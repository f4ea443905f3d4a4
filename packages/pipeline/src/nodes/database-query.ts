import { parseLiteralValue, type LiteralValue } from '../expression.js';
import type { NodeDefinition } from '../node-definition.js';
import { checkString, custom, string, withDefault } from '../props.js';
import { SOURCE } from './shared.js';
import { LITERAL_VALUE_SCHEMA, listOf } from '../json-schema.js';

export interface DatabaseQueryProps {
  /** SQL text for the connection's own warehouse (the only node whose text is SQL by nature). */
  readonly query: string;
  /** Values of the query's `$1`, `$2`, … (default none). */
  readonly params: readonly LiteralValue[];
  /** The data connection the query runs on. */
  readonly connectionId: string;
}

export const MAX_QUERY_LENGTH = 1_000_000;

export const databaseQueryNode: NodeDefinition<'databaseQuery', DatabaseQueryProps> = {
  kind: 'databaseQuery',
  description: "Rows of a SQL query run on a data connection's warehouse.",
  props: {
    query: string('non-empty SQL text', MAX_QUERY_LENGTH),
    params: withDefault(
      custom('list of literal values', (value, site) => {
        if (!Array.isArray(value)) return site.fail('params must be a list of values');
        if (value.length > 1000) return site.fail('params has more than 1000 values');
        return value.map((item, index) => parseLiteralValue(item, site.at(index)));
      }, listOf(LITERAL_VALUE_SCHEMA, 0)),
      [],
    ),
    connectionId: custom('non-empty id', (value, site) => checkString(value, site, 'connectionId', 255), { type: 'string', minLength: 1, maxLength: 255 }),
  },
  inputs: SOURCE,
  finalize(props, siteOf) {
    if (props.query.trim().length === 0) return siteOf('query').fail('query must not be blank');
    if (props.connectionId.trim().length === 0) return siteOf('connectionId').fail('connectionId must not be blank');
    return props;
  },
  compile(node, _inputs, state) {
    const { query, params, connectionId } = node.props;
    return state.databaseQuery({ query, params, connectionId }, state.site);
  },
};
