import { comparable, lookupColumn } from '../compile-expression.js';
import type { NodeDefinition } from '../node-definition.js';
import { freeName } from '../node-definition.js';
import type { ColumnInfo } from '../types.js';

// tileJoin has no props.
export type TileJoinProps = Record<string, never>;

export const MAX_TILE_JOIN_INPUTS = 32;

export const tileJoinNode: NodeDefinition<'tileJoin', TileJoinProps> = {
  kind: 'tileJoin',
  description:
    'Full outer join of hex tile inputs on h3 (and time when every input has it); other columns in input order, ' +
    'suffixed `_<input index>` when their names collide.',
  props: {},
  inputs: { min: 2, max: MAX_TILE_JOIN_INPUTS },
  compile(_node, inputs, state) {
    const inputSite = (index: number) => state.site.at('inputs').at(index);
    const keys = ['h3'];
    if (inputs.every((input) => input.columns.some((column) => column.name === 'time'))) keys.push('time');
    const keyColumns = keys.map((key) => inputs.map((input, index) => lookupColumn(input.columns, key, inputSite(index))));
    keyColumns.forEach((columns) => {
      columns.forEach((column, index) => {
        if (!comparable(columns[0]!.type, column.type)) return inputSite(index).reject(`Cannot compare ${columns[0]!.type} with ${column.type}`);
      });
    });
    const alias = (index: number) => `t${index}`;
    const coalesce = (key: string, count: number) =>
      count === 1 ? state.sql.column(key, alias(0)) : `COALESCE(${Array.from({ length: count }, (_, index) => state.sql.column(key, alias(index))).join(', ')})`;

    const output: { sql: string; column: ColumnInfo }[] = keys.map((key, k) => ({
      sql: `${coalesce(key, inputs.length)} AS ${state.sql.ident(key)}`,
      column: { name: key, type: keyColumns[k]![0]!.type },
    }));
    const taken = new Set(keys);
    inputs.forEach((input, index) => {
      for (const column of input.columns) {
        if (keys.includes(column.name)) continue;
        const name = freeName(column.name, `_${index}`, taken);
        taken.add(name);
        output.push({ sql: `${state.sql.column(column.name, alias(index))} AS ${state.sql.ident(name)}`, column: { name, type: column.type } });
      }
    });
    let from = `${inputs[0]!.ref} AS ${alias(0)}`;
    for (let index = 1; index < inputs.length; index++) {
      const on = keys.map((key) => `${state.sql.column(key, alias(index))} = ${coalesce(key, index)}`).join(' AND ');
      from += ` FULL OUTER JOIN ${inputs[index]!.ref} AS ${alias(index)} ON ${on}`;
    }
    return { sql: `SELECT ${output.map((item) => item.sql).join(', ')} FROM ${from}`, columns: output.map((item) => item.column) };
  },
};
