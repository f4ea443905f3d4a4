// Query-bar values of an analytic set's dashboard for the benches: its defaults, random legal ones (an analyst's
// choice), or its heaviest legal ones (the most values each parameter takes, the country, the longest windows, a pivot
// over every dimension). Each is kept in step and checked as the web's query bar does: an illegal value is a bench bug.

const randomInt = (n) => Math.floor(Math.random() * n);
export const randomOf = (items) => items[randomInt(items.length)];
/** `count` distinct items in random order. */
function sample(items, count) {
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, count);
}
export const referencedId = (reference) => /^\{\{\s*([^{}\s]+)\s*\}\}$/.exec(reference)[1];

/** Every chart of the set's template: of every view and subview, as the dashboard's menu lists them. */
export function charts(definition) {
  const found = [];
  const visit = (view) => {
    found.push(...(view.charts ?? []));
    for (const subview of view.subviews ?? []) visit(subview);
  };
  for (const view of definition.template.config.insightState.views) visit(view);
  return found;
}

/** Two periods of one granularity the parameter offers, in order. */
function periodPair(domain, parameter) {
  const range = randomOf(parameter.periodRanges);
  const periods = domain.periodsFromTo(range.granularity, range.start, range.end);
  const [a, b] = [randomInt(periods.length), randomInt(periods.length)].sort((x, y) => x - y);
  return { granularity: range.granularity, first: periods[a], last: periods[b] };
}

/** A value the query bar lets the analyst pick for a parameter it shows. */
export function randomValue(domain, parameter) {
  switch (parameter.type) {
    case 'STRING':
      if (parameter.periodRanges?.length) return periodPair(domain, parameter).first;
      return parameter.availableValues ? randomOf(parameter.availableValues) : parameter.defaultValue;
    case 'MULTI_STRING': {
      if (!parameter.availableValues) return parameter.defaultValue;
      // A list the set wants filled (required, or filled by default) keeps one value at least; others may be emptied.
      const least = parameter.required || parameter.defaultValue?.length ? 1 : 0;
      const most = Math.min(parameter.maxValues, parameter.availableValues.length);
      return sample(parameter.availableValues, least + randomInt(most - least + 1));
    }
    case 'BOOLEAN':
      return Math.random() < 0.5;
    case 'DATE_RANGE': {
      const { granularity, first, last } = periodPair(domain, parameter);
      return { granularity, start: first, end: last };
    }
    case 'DATE_PERIOD_RANGE': {
      const { granularity, first, last } = periodPair(domain, parameter);
      return { granularity, focus: last, benchmark: first };
    }
    case 'PIVOT_TABLE': {
      const used = sample(parameter.availableValues, 1 + randomInt(parameter.availableValues.length));
      const split = randomInt(used.length + 1);
      return { rows: used.slice(0, split), columns: used.slice(split) };
    }
  }
  throw new Error(`bench: no random value for parameter type ${parameter.type}`);
}

const GRANULARITIES = ['daily', 'monthly', 'quarterly'];
/** The parameter's period range of the finest granularity (most periods) or the coarsest (the longest period). */
const rangeOf = (parameter, finest) =>
  [...parameter.periodRanges].sort((a, b) => (GRANULARITIES.indexOf(a.granularity) - GRANULARITIES.indexOf(b.granularity)) * (finest ? 1 : -1))[0];

/**
 * The heaviest value of a parameter: every value it takes (the first ones: the country before the DMAs, categories
 * before chains), the first (the country, the largest DMA), the whole panel at its finest granularity for windows, the
 * longest single period, a pivot over every dimension (half as rows, half as columns).
 */
export function heaviestValue(domain, parameter) {
  switch (parameter.type) {
    case 'STRING':
      if (parameter.periodRanges?.length) return rangeOf(parameter, false).end;
      return parameter.availableValues ? parameter.availableValues[0] : parameter.defaultValue;
    case 'MULTI_STRING':
      return parameter.availableValues ? parameter.availableValues.slice(0, parameter.maxValues) : parameter.defaultValue;
    case 'BOOLEAN':
      return parameter.defaultValue;
    case 'DATE_RANGE': {
      const { granularity, start, end } = rangeOf(parameter, true);
      return { granularity, start, end };
    }
    case 'DATE_PERIOD_RANGE': {
      const { granularity, start, end } = rangeOf(parameter, true);
      return { granularity, focus: end, benchmark: start };
    }
    case 'PIVOT_TABLE': {
      const all = parameter.availableValues;
      const split = Math.ceil(all.length / 2);
      return { rows: all.slice(0, split), columns: all.slice(split) };
    }
  }
  throw new Error(`bench: no heaviest value for parameter type ${parameter.type}`);
}

/**
 * The values of a dashboard: `pick`'s (randomValue, heaviestValue) for every parameter the query bar shows, or the
 * defaults (hidden parameters keep their default, as a freshly opened dashboard has them), then the parameters an entry
 * keeps in step (Visitation Trends' start and end periods, in their own granularity), as the web's query bar sets them.
 * Checked by the rules the server applies: a problem is a bench bug.
 */
export function dashboardValues(domain, definition, pick = null) {
  const { queryBar } = definition.template.config.insightState;
  const shown = new Set(queryBar.filter((entry) => !entry.hidden).map((entry) => referencedId(entry.parameter)));
  const values = {};
  for (const parameter of definition.queryParameters) {
    const value = pick && shown.has(parameter.id) && !parameter.hidden ? pick(domain, parameter) : structuredClone(parameter.defaultValue);
    if (value !== undefined) values[parameter.id] = value;
  }
  for (const entry of queryBar) {
    const source = values[referencedId(entry.parameter)] ?? {};
    for (const [key, reference] of Object.entries(entry.sets ?? {})) {
      const id = referencedId(reference);
      const granularity = typeof values[id] === 'string' ? domain.granularityOf(values[id]) : null;
      if (source[key] !== undefined) values[id] = granularity ? domain.convertPeriod(source[key], granularity, key === 'end' ? 'end' : 'start') : source[key];
    }
  }
  // A heatmap column selection (Cross-Visitation's focus chain) is one of the chart's columns, as the web keeps it.
  const random = pick === randomValue;
  for (const chart of charts(definition)) {
    if (!chart.onColumnSelect) continue;
    const columns = Object.values(chart.query.parameters).map((reference) => values[referencedId(reference)]).filter(Array.isArray).flat();
    const target = referencedId(chart.onColumnSelect.set);
    if (columns.length && (random || !columns.includes(values[target]))) values[target] = random ? randomOf(columns) : columns[0];
  }
  const problems = domain.validateQueryValues(definition, values);
  if (problems.length) throw new Error(`bench: illegal values for ${definition.id}: ${JSON.stringify(problems)} in ${JSON.stringify(values)}`);
  return values;
}
