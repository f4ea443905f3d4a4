// Prop types: one typed, defaulted, validated description per prop, in the manner of deck.gl's layer props.
// A node kind lists its props as `{ name: PropType }`; `parseProps` checks a raw props object against it.
import { TIME_INTERVAL_CODES, TIME_INTERVALS } from '@atlas/domain';
import { isPlainObject, own } from './canonical.js';
import type { Site } from './errors.js';
import type { JsonSchema } from './json-schema.js';

export interface PropType<T> {
  /** Human description used in error details and the README (`integer 1..15`). */
  readonly description: string;
  /** The prop may be absent (its value is then `undefined` unless a default is set). */
  readonly optional: boolean;
  /** Applied when the prop is absent or null; part of the canonical form (and so of the hash). */
  readonly default?: T;
  /** Checks and normalises a present value; throws through `site.fail` on a wrong one. */
  parse(value: unknown, site: Site): T;
  /** The JSON schema of a present value (OpenAPI documents pipelines with it; `parse` stays the judge). */
  readonly schema: JsonSchema;
}

/** The prop types of a props interface: every key, optional ones included. */
export type PropTypes<P> = { readonly [K in keyof P]-?: PropType<P[K]> };

function prop<T>(description: string, parse: (value: unknown, site: Site) => T, schema: JsonSchema): PropType<T> {
  return { description, optional: false, parse, schema: { ...schema, description } };
}

/** The prop may be absent; null counts as absent. */
export function optional<T>(type: PropType<T>): PropType<T | undefined> {
  return { ...type, optional: true, description: `${type.description} (optional)` };
}

/** The prop defaults to `value` when absent or null. */
export function withDefault<T>(type: PropType<T>, value: T): PropType<T> {
  const description = `${type.description} (default ${JSON.stringify(value)})`;
  return { ...type, optional: true, default: value, description, schema: { ...type.schema, description, default: value } };
}

/**
 * Checks a raw props value against prop types: it must be an object, every key known, every value valid.
 * Returns a fresh object holding present props and defaults, in the order of the prop types.
 * `siteOf(prop)` gives the site (path and 400 message) of each prop.
 */
export function parseProps<P>(types: PropTypes<P>, raw: unknown, propsSite: Site, siteOf: (prop: string) => Site): P {
  if (raw === undefined || raw === null) raw = {};
  if (!isPlainObject(raw)) return propsSite.fail('props must be an object');
  const known = Object.keys(types);
  for (const key of Object.keys(raw)) {
    if (!known.includes(key)) return siteOf(key).fail(`Unknown prop ${JSON.stringify(key)}; expected one of: ${known.join(', ') || '(none)'}`);
  }
  const out: Record<string, unknown> = {};
  for (const key of known) {
    const type = (types as Record<string, PropType<unknown>>)[key]!;
    const value = own(raw, key);
    if (value === undefined || value === null) {
      if (type.default !== undefined) out[key] = type.default;
      else if (!type.optional) siteOf(key).fail(`${key} is required (${type.description})`);
      continue;
    }
    out[key] = type.parse(value, siteOf(key));
  }
  return out as P;
}

// ---------------------------------------------------------------------------------------------------------------
// Value checkers shared by prop types and expression parsing.

export const MAX_NAME_LENGTH = 255;
export const NAME_SCHEMA: JsonSchema = { type: 'string', minLength: 1, maxLength: MAX_NAME_LENGTH };

/** A non-empty string of at most `max` characters. */
export function checkString(value: unknown, site: Site, what: string, max = 1_000_000): string {
  if (typeof value !== 'string') return site.fail(`${what} must be a string`);
  if (value.length === 0) return site.fail(`${what} must not be empty`);
  if (value.length > max) return site.fail(`${what} must be at most ${max} characters`);
  return value;
}

/** A column or alias name: non-empty, at most 255 characters, no NUL. Any other character is allowed. */
export function checkName(value: unknown, site: Site, what = 'column name'): string {
  const name = checkString(value, site, what, MAX_NAME_LENGTH);
  if (name.includes('\u0000')) return site.fail(`${what} must not contain NUL characters`);
  return name;
}

export function checkInteger(value: unknown, site: Site, what: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) return site.fail(`${what} must be an integer`);
  if (value < min || value > max) {
    if (max !== Number.MAX_SAFE_INTEGER) return site.fail(`${what} must be an integer ${min}..${max}`);
    return site.fail(min === 1 ? `${what} must be an integer greater than 0` : `${what} must be an integer of at least ${min}`);
  }
  return value;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TimeIntervalCode = (typeof TIME_INTERVAL_CODES)[number];
const LONG_INTERVALS: Record<string, TimeIntervalCode> = { YEAR: 'Y', MONTH: 'M', DAY: 'D', HOUR: 'H', MINUTE: 'T' };

/** The codes and the long names `checkInterval` accepts. */
export const INTERVAL_SCHEMA: JsonSchema = { type: 'string', enum: [...TIME_INTERVAL_CODES, ...Object.keys(LONG_INTERVALS)] };

/** One of Y M D H T; the long names YEAR..MINUTE are accepted and normalised to their codes. SECOND has no code. */
export function checkInterval(value: unknown, site: Site, what = 'interval'): TimeIntervalCode {
  if (typeof value === 'string') {
    if ((TIME_INTERVAL_CODES as readonly string[]).includes(value)) return value as TimeIntervalCode;
    const code = own(LONG_INTERVALS, value);
    if (typeof code === 'string') return code as TimeIntervalCode;
  }
  const longNames = TIME_INTERVALS.filter((name) => name in LONG_INTERVALS).join(', ');
  return site.fail(`${what} must be one of ${TIME_INTERVAL_CODES.join(', ')} (or ${longNames})`);
}

// ---------------------------------------------------------------------------------------------------------------
// Prop types.

export function string(description = 'non-empty string', max = 1_000_000): PropType<string> {
  return prop(description, (value, site) => checkString(value, site, lastSegment(site), max), { type: 'string', minLength: 1, maxLength: max });
}

export function name(description = 'column name (1..255 characters)'): PropType<string> {
  return prop(description, (value, site) => checkName(value, site, lastSegment(site)), NAME_SCHEMA);
}

/** A UUID, normalised to lower case. */
export function uuid(): PropType<string> {
  return prop('UUID', (value, site) => {
    const text = checkString(value, site, lastSegment(site), 64);
    if (!UUID.test(text)) return site.fail(`${lastSegment(site)} must be a UUID`);
    return text.toLowerCase();
  }, { type: 'string', format: 'uuid' });
}

export function integer(min: number, max = Number.MAX_SAFE_INTEGER): PropType<number> {
  const description = max === Number.MAX_SAFE_INTEGER ? `integer ≥ ${min}` : `integer ${min}..${max}`;
  const range = max === Number.MAX_SAFE_INTEGER ? { minimum: min } : { minimum: min, maximum: max };
  return prop(description, (value, site) => checkInteger(value, site, lastSegment(site), min, max), { type: 'integer', ...range });
}

export function boolean(): PropType<boolean> {
  return prop('boolean', (value, site) => {
    if (typeof value !== 'boolean') return site.fail(`${lastSegment(site)} must be a boolean`);
    return value;
  }, { type: 'boolean' });
}

export function oneOf<const V extends string>(values: readonly V[]): PropType<V> {
  return prop(`one of ${values.join(', ')}`, (value, site) => {
    if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
      return site.fail(`${lastSegment(site)} must be one of ${values.join(', ')}`);
    }
    return value as V;
  }, { type: 'string', enum: values });
}

export function interval(): PropType<TimeIntervalCode> {
  return prop(`one of ${TIME_INTERVAL_CODES.join(', ')}`, (value, site) => checkInterval(value, site, lastSegment(site)), INTERVAL_SCHEMA);
}

/** A prop type with a custom parser and the JSON schema of the values it accepts. */
export function custom<T>(description: string, parse: (value: unknown, site: Site) => T, schema: JsonSchema): PropType<T> {
  return prop(description, parse, schema);
}

/** The last path segment of a site (`length` for `$.props.length`), used to name the prop in details. */
export function lastSegment(site: Site): string {
  const match = /([^.[\]]+)\]?$/.exec(site.path);
  return match?.[1] ?? 'value';
}
