/**
 * SQL: `count` parameters from `$first` on, as a list for `IN (…)`. Values bound one parameter each let the engine
 * skip a sorted rollup's row groups that hold none of them, which it does not for a list unnested in a subquery.
 */
export const parameterList = (first: number, count: number) => Array.from({ length: count }, (_, k) => `$${first + k}`).join(', ');
