import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats ships CommonJS; under ESM its function arrives as the module's default property.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as typeof addFormatsModule.default;

const base: Options = { allErrors: true, useDefaults: true, removeAdditional: false, strict: false, addUsedSchema: false, discriminator: true };

// Bodies are checked as sent: a string is never coerced into a number and unknown fields are errors.
// Query strings and path parameters arrive as text, so they are coerced to the declared types.
const bodyAjv = addFormats(new Ajv({ ...base, coerceTypes: false }));
const textAjv = addFormats(new Ajv({ ...base, coerceTypes: 'array' }));

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object);
