import type { FastifyRequest } from 'fastify';

/** Calls whose body is all optional may be sent without one: validate them as `{}`. */
export async function bodyMayBeEmpty(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}

/** `?maps=a,b&maps=c` → `['a', 'b', 'c']`: ids may come comma-separated, repeated, or both. */
export const commaSeparatedQuery = (key: string) =>
  async function splitCommas(request: FastifyRequest): Promise<void> {
    const query = request.query as Record<string, unknown>;
    const value = query[key];
    if (value === undefined) return;
    query[key] = (Array.isArray(value) ? value : [value])
      .flatMap((item) => String(item).split(','))
      .map((item) => item.trim())
      .filter((item) => item !== '');
  };
