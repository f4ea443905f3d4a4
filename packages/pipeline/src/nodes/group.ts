import {
  checkUniqueAliases,
  columnOutsideAggregate,
  containsAggregate,
  parseNamedExpressions,
  type NamedExpression,
} from '../expression.js';
import type { NodeDefinition } from '../node-definition.js';
import { custom, withDefault } from '../props.js';
import { ONE_INPUT } from './shared.js';
import { namedExpressionsSchema } from '../json-schema.js';

export interface GroupProps {
  /** Grouping keys `{ expression, alias }`; no aggregates. Output first. */
  readonly by: readonly NamedExpression[];
  /** Aggregated outputs `{ expression, alias }`: each contains an aggregate and references columns only inside aggregates. */
  readonly expressions: readonly NamedExpression[];
}

export const groupNode: NodeDefinition<'group', GroupProps> = {
  kind: 'group',
  description: 'Groups rows by key expressions and computes aggregates per group (by aliases first, then aggregates).',
  props: {
    by: withDefault(
      custom('list of { expression, alias } without aggregates', (value, site) => {
        const items = parseNamedExpressions(value, site, 'by', 0);
        items.forEach((item, index) => {
          if (containsAggregate(item.expression)) return site.at(index).at('expression').fail('aggregates are not allowed in by');
        });
        return items;
      }, namedExpressionsSchema(0)),
      [],
    ),
    expressions: withDefault(
      custom('list of { expression, alias } with aggregates', (value, site) => {
        const items = parseNamedExpressions(value, site, 'expressions', 0);
        items.forEach((item, index) => {
          const itemSite = site.at(index).at('expression');
          if (!containsAggregate(item.expression)) return itemSite.fail('group expressions must aggregate (sum, count, min, max, mean, median or mode)');
          const column = columnOutsideAggregate(item.expression);
          if (column) return itemSite.fail(`column ${JSON.stringify(column.name.slice(0, 80))} must be inside an aggregate; group by it with by`);
        });
        return items;
      }, namedExpressionsSchema(0)),
      [],
    ),
  },
  inputs: ONE_INPUT,
  finalize(props, siteOf) {
    if (props.by.length === 0 && props.expressions.length === 0) return siteOf('by').fail('group needs by or expressions');
    const seen = new Set<string>();
    checkUniqueAliases(props.by, siteOf('by'), seen);
    checkUniqueAliases(props.expressions, siteOf('expressions'), seen);
    return props;
  },
  compile(node, [input], state) {
    const scope = { columns: input!.columns, qualifier: 't' };
    const props = state.site.at('props');
    const by = node.props.by.map((item, index) => ({
      alias: item.alias!,
      typed: state.expression(item.expression, scope, props.at('by').at(index).at('expression')),
    }));
    const aggregates = node.props.expressions.map((item, index) => ({
      alias: item.alias!,
      typed: state.expression(item.expression, scope, props.at('expressions').at(index).at('expression'), { aggregates: true }),
    }));
    const all = [...by, ...aggregates];
    const list = all.map(({ alias, typed }) => `${typed.sql} AS ${state.sql.ident(alias)}`).join(', ');
    // GROUP BY ordinal positions, so a key with a literal ($n) is the very same expression in both clauses.
    const groupBy = by.length > 0 ? ` GROUP BY ${by.map((_, index) => index + 1).join(', ')}` : '';
    return {
      sql: `SELECT ${list} FROM ${input!.ref} AS t${groupBy}`,
      columns: all.map(({ alias, typed }) => ({ name: alias, type: typed.type })),
    };
  },
};
