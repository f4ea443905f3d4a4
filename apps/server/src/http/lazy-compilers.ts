// Ajv's and fast-json-stringify's code generation for every route's schemas took seconds at each start (hundreds of
// routes); each validator and serializer is compiled on its route's first use instead, and compileAll() compiles the
// rest (a test calls it, so a schema that cannot compile still fails the suite, not a user's first request).
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';

/** A compiled validator as Fastify calls it (Ajv's take a data context as second argument). */
type AjvLike = ReturnType<FastifySchemaCompiler<unknown>> & ((data: unknown, context?: object) => unknown) & { schemaEnv?: unknown };
type Serialize = (data: unknown) => string;

export interface LazyCompilers {
  validator(compile: FastifySchemaCompiler<unknown>): FastifySchemaCompiler<unknown>;
  /** Fastify's own response serializers (fast-json-stringify), compiled on first use. */
  serializer: FastifySerializerCompiler<unknown>;
  /** Compiles every schema not used yet; answers how many schemas the app has. */
  compileAll(): number;
}

export function lazyCompilers(): LazyCompilers {
  const pending: Array<() => unknown> = [];
  const buildSerializer = SerializerSelector()(undefined, {});
  /** A function compiled by `compile` on its first call (or by compileAll). */
  const later = <F>(compile: () => F) => {
    let compiled: F | undefined;
    const get = () => (compiled ??= compile());
    pending.push(get);
    return get;
  };
  return {
    validator: (compile) => (route) => {
      const get = later(() => compile(route) as AjvLike);
      // Fastify reads a failed check's `errors` from the function it was given, and hands Ajv functions (known by
      // their `schemaEnv`) the request as parent so the root value can be coerced: both pass through.
      const check = ((data: unknown, context?: object) => {
        const validate = get();
        const valid = validate.schemaEnv ? validate(data, context) : validate(data);
        check.errors = validate.errors;
        return valid;
      }) as AjvLike;
      check.schemaEnv = true;
      return check;
    },
    serializer: (route) => {
      const get = later(() => buildSerializer({ ...route, httpStatus: route.httpStatus ?? 'default' }) as Serialize);
      return (data: unknown) => get()(data);
    },
    compileAll() {
      for (const get of pending) get();
      return pending.length;
    },
  };
}
