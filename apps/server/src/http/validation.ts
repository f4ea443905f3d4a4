import { AppStatusCode } from '@atlas/domain';
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { AppError } from './errors.js';

// ajv-formats ships CommonJS; under ESM its function arrives as the module's default property.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as typeof addFormatsModule.default;

const base: Options = { allErrors: true, useDefaults: true, removeAdditional: false, strict: false, addUsedSchema: false, discriminator: true };

// Bodies are checked as sent: a string is never coerced into a number and unknown fields are errors.
// Query strings and path parameters arrive as text, so they are coerced to the declared types.
const bodyAjv = addFormats(new Ajv({ ...base, coerceTypes: false }));
const textAjv = addFormats(new Ajv({ ...base, coerceTypes: 'array' }));

/** Keywords whose value is data, not a subschema. */
const DATA_KEYWORDS = new Set(['const', 'default', 'enum', 'examples']);

/**
 * A copy of the schema in which every integer without its own bounds stays within ±(2^53 − 1): `?offset=1e308` is a
 * JavaScript integer, but neither exact nor storable (PostgreSQL's bigint ends at 2^63), so it is refused as input.
 */
function boundIntegers(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(boundIntegers);
  if (!schema || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = DATA_KEYWORDS.has(key) ? value : boundIntegers(value);
  const types = Array.isArray(copy.type) ? copy.type : [copy.type];
  if (types.includes('integer')) {
    copy.maximum ??= Number.MAX_SAFE_INTEGER;
    copy.minimum ??= -Number.MAX_SAFE_INTEGER;
  }
  return copy;
}

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(boundIntegers(schema) as object);

/** Deeper than any document the API stores (map states included); far below what recursion over it could not handle. */
const MAX_INPUT_DEPTH = 64;

/** Parsed JSON, query strings and path parameters; not a raw body (bytes or a stream), which is the route's to read. */
const isParsed = (value: object) => !ArrayBuffer.isView(value) && typeof (value as { pipe?: unknown }).pipe !== 'function';

/**
 * What in parsed input can never be stored, described like a validation failure: a NUL character in any string or key
 * (PostgreSQL text and jsonb refuse it) or nesting beyond MAX_INPUT_DEPTH. Raw bodies (buffers, streams) are not walked.
 */
function findUnstorableInput(value: unknown, where: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? `${where} must not contain the NUL character` : null;
  if (!value || typeof value !== 'object' || !isParsed(value)) return null;
  if (depth >= MAX_INPUT_DEPTH) return `${where} must not be nested more than ${MAX_INPUT_DEPTH} levels deep`;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return `${where} must not have a key containing the NUL character`;
    const found = findUnstorableInput(item, `${where}/${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

const PARTS = [
  ['params', 'path parameter'],
  ['query', 'query string'],
  ['body', 'body'],
] as const;

/** One check for every route, before its schema: bad input is a 400 in the error shape, never a database error. */
export function registerInputGuards(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [part, label] of PARTS) {
      const found = findUnstorableInput(request[part], label);
      if (found) throw new AppError(400, `Invalid request ${label}`, AppStatusCode.ValidationFailed, found);
    }
  });
}
