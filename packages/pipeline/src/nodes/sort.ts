import { parseSortKeys, type SortKey } from '../expression.js';
import type { NodeDefinition } from '../node-definition.js';
import { custom } from '../props.js';
import { ONE_INPUT } from './shared.js';
import { SORT_KEYS_SCHEMA } from '../json-schema.js';

export interface SortProps {
  /** Sort keys `{ expression, direction }`, direction asc (default) or desc; nulls sort last. */
  readonly by: readonly SortKey[];
}

export const sortNode: NodeDefinition<'sort', SortProps> = {
  kind: 'sort',
  description: 'Orders rows by key expressions (nulls last).',
  props: { by: custom('list of { expression, direction } (at least 1)', (value, site) => parseSortKeys(value, site), SORT_KEYS_SCHEMA) },
  inputs: ONE_INPUT,
  compile(node, [input], state) {
    const site = state.site.at('props').at('by');
    const terms = node.props.by.map((key, index) => {
      const keySite = site.at(index).at('expression');
      const typed = state.expression(key.expression, { columns: input!.columns, qualifier: 't' }, keySite);
      if (typed.type === 'geometry') return keySite.reject('Cannot sort by a geometry');
      return `${typed.sql} ${key.direction === 'desc' ? 'DESC' : 'ASC'} NULLS LAST`;
    });
    const orderBy = terms.join(', ');
    return { sql: `SELECT * FROM ${input!.ref} AS t ORDER BY ${orderBy}`, columns: input!.columns, orderBy };
  },
};
