// kepler.gl makes its deck.gl layers afresh on every change of its store (the map's size reported, the view state
// settled, a hover), each with new objects for props that did not change (`parameters`, `updateTriggers`). deck.gl
// compares such props by reference and redraws every point for each, which a million points in software WebGL pay
// in seconds. A layer whose props are the same by value is not a change.

/** Deeper than kepler.gl's props nest (updateTriggers of color domains, filter ranges). */
const MAX_DEPTH = 5;

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && (Object.getPrototypeOf(value) === Object.prototype || Array.isArray(value));

/**
 * Whether two values are the same for deck.gl: identical, equal plain objects and arrays (compared by value), or both
 * functions. deck.gl itself never compares function props by identity: accessors are re-evaluated when their
 * updateTriggers change (compared here by value), other callbacks are not compared at all.
 */
export function sameProp(a: unknown, b: unknown, depth = 0): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a === 'function' && typeof b === 'function') return true;
  if (!isPlain(a) || !isPlain(b) || Array.isArray(a) !== Array.isArray(b) || depth >= MAX_DEPTH) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameProp(a[key], b[key], depth + 1));
}

type DeckLayer = { id: string; constructor: unknown; props: Record<string, unknown> };

/**
 * The layer drawn before when the new one is the same (same class, id, data and other props by value), else the new
 * one. Data is compared by identity, as deck.gl does: rows are not walked.
 */
export function keepSame<T extends DeckLayer>(previous: T | null, next: T): T {
  if (!previous || previous.constructor !== next.constructor || previous.id !== next.id || previous.props.data !== next.props.data) return next;
  return sameProp(givenProps(previous), givenProps(next)) ? previous : next;
}

/** The props a layer was given but its data (deck.gl keeps its defaults on the prototype). */
function givenProps(layer: DeckLayer): Record<string, unknown> {
  return Object.fromEntries(Object.keys(layer.props).flatMap((key) => (key === 'data' ? [] : [[key, layer.props[key]]])));
}
