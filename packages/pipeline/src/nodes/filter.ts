import { containsAggregate, parseExpression, type Expression } from '../expression.js';
import type { NodeDefinition } from '../node-definition.js';
import { custom } from '../props.js';
import { ONE_INPUT, orderClause } from './shared.js';
import { EXPRESSION_REF } from '../json-schema.js';

export interface FilterProps {
  /** A boolean expression without aggregates; rows where it is true are kept. */
  readonly expression: Expression;
}

export const filterNode: NodeDefinition<'filter', FilterProps> = {
  kind: 'filter',
  description: 'Keeps the rows where a boolean expression is true.',
  props: {
    expression: custom('boolean expression without aggregates', (value, site) => {
      const expression = parseExpression(value, site);
      if (containsAggregate(expression)) return site.fail('aggregates are not allowed in filter');
      return expression;
    }, EXPRESSION_REF),
  },
  inputs: ONE_INPUT,
  compile(node, [input], state) {
    const site = state.site.at('props').at('expression');
    const condition = state.expression(node.props.expression, { columns: input!.columns, qualifier: 't' }, site);
    if (condition.type !== 'boolean' && condition.type !== 'unknown') {
      return site.reject('Filter expression must be boolean', `Filter expression must be boolean (got ${condition.type})`);
    }
    const result = {
      sql: `SELECT * FROM ${input!.ref} AS t WHERE ${condition.sql}${orderClause(input!)}`,
      columns: input!.columns,
    };
    return input!.orderBy ? { ...result, orderBy: input!.orderBy } : result;
  },
};
