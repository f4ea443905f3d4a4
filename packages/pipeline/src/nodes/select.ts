import { checkUniqueAliases, columnOutsideAggregate, containsAggregate, parseNamedExpressions, type NamedExpression } from '../expression.js';
import type { NodeDefinition } from '../node-definition.js';
import { custom } from '../props.js';
import { ONE_INPUT, orderClause } from './shared.js';
import { namedExpressionsSchema } from '../json-schema.js';

export interface SelectProps {
  /** Output columns: `{ expression, alias }`; alias defaults to the column name for column expressions. */
  readonly expressions: readonly NamedExpression[];
}

export const selectNode: NodeDefinition<'select', SelectProps> = {
  kind: 'select',
  description: 'Computes output columns from expressions. With aggregates (and no plain column outside them) it yields one row.',
  props: {
    expressions: custom('list of { expression, alias } (at least 1)', (value, site) => {
      const items = parseNamedExpressions(value, site, 'expressions', 1);
      checkUniqueAliases(items, site);
      if (items.some((item) => containsAggregate(item.expression))) {
        items.forEach((item, index) => {
          const column = columnOutsideAggregate(item.expression);
          if (column) {
            return site.at(index).at('expression').fail(`column ${JSON.stringify(column.name.slice(0, 80))} is used outside an aggregate in a select that aggregates; use a group node`);
          }
        });
      }
      return items;
    }, namedExpressionsSchema(1)),
  },
  inputs: ONE_INPUT,
  compile(node, [input], state) {
    const site = state.site.at('props').at('expressions');
    const aggregating = node.props.expressions.some((item) => containsAggregate(item.expression));
    const compiled = node.props.expressions.map((item, index) => {
      const sql = state.expression(item.expression, { columns: input!.columns, qualifier: 't' }, site.at(index).at('expression'), { aggregates: true });
      return { name: item.alias!, type: sql.type, sql: `${sql.sql} AS ${state.sql.ident(item.alias!)}` };
    });
    return {
      sql: `SELECT ${compiled.map((column) => column.sql).join(', ')} FROM ${input!.ref} AS t${aggregating ? '' : orderClause(input!)}`,
      columns: compiled.map(({ name, type }) => ({ name, type })),
    };
  },
};
