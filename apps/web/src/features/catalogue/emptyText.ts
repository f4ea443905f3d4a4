// What an empty list says when its search or a filter emptied it.

/**
 * "No map matches “stores” and the tag “retail” here.": what narrowed the list (the search, then each filter's
 * description), or null when nothing did (the list says why it has none instead).
 */
export function noMatchText(noun: string, query: string, ...filters: ReadonlyArray<string | null>): string | null {
  const reasons = [query && `“${query}”`, ...filters].filter((reason): reason is string => Boolean(reason));
  return reasons.length ? `No ${noun} matches ${reasons.join(' and ')} here.` : null;
}
