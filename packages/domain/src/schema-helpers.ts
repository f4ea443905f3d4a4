import { Type, type TSchema } from 'typebox';

/** A string enumeration rendered as `{type: 'string', enum: [...]}` so OpenAPI shows the values. */
export const StringEnum = <const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** ISO-8601 date-time strings; every entity carries createdAt and updatedAt. */
export const DateTime = (options: Record<string, unknown> = {}) => Type.String({ format: 'date-time', ...options });

export const Timestamps = {
  createdAt: DateTime(),
  updatedAt: DateTime(),
};

export const Uuid = (options: Record<string, unknown> = {}) => Type.String({ format: 'uuid', ...options });
