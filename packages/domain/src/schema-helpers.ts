import { Type, type TSchema } from 'typebox';
import { CALLER_ACTIONS } from './enums.js';

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

/**
 * Every catalogue record's answer carries `actions`: what the caller may do with it, decided by the one access check.
 * share is write (changing who has access needs it); download is a copy of the data by rank, which a viewer seat keeps.
 */
export const CallerActions = () =>
  Type.Array(StringEnum(CALLER_ACTIONS), { description: 'What the caller may do with this record (read, write, delete, copy, share, download)' });
