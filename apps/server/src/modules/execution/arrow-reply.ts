import { AppStatusCode, Messages } from '@atlas/domain';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../http/errors.js';
import { executionIdOf, type ExecutionStart } from './executions.js';

export const ARROW_STREAM_TYPE = 'application/vnd.apache.arrow.stream';
const ACCEPTED = new Set([ARROW_STREAM_TYPE, 'application/*', '*/*', 'application/octet-stream']);

export const unsupportedContentType = (details: string) => new AppError(406, Messages.unsupportedContentType, AppStatusCode.NotAcceptable, details);

/** Results are Arrow IPC streams only: `format` must be arrow when given, and the Accept header must allow Arrow. */
export function assertArrowAccepted(format: string | undefined, accept: string | undefined): void {
  if (format !== undefined && format.toLowerCase() !== 'arrow') throw unsupportedContentType(`format=${format.slice(0, 40)}; only format=arrow is served`);
  if (!accept) return;
  const types = accept.split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  if (!types.some((type) => ACCEPTED.has(type))) throw unsupportedContentType(`Accept: ${accept.slice(0, 100)}; results are ${ARROW_STREAM_TYPE}`);
}

/** Headers every query result carries: the execution id, the cache expiry and whether the cache answered. */
export function resultHeaders(reply: FastifyReply, start: Pick<ExecutionStart, 'execution' | 'cache' | 'expiresAt'>): FastifyReply {
  const maxAge = Math.max(0, Math.floor((start.expiresAt.getTime() - Date.now()) / 1000));
  return reply
    .header('x-query-execution-id', start.execution.id)
    .header('x-cache-expires', start.expiresAt.toISOString())
    .header('x-cache', start.cache)
    .header('cache-control', start.cache === 'bypass' ? 'no-store' : `private, max-age=${maxAge}`);
}

export function sendArrow(reply: FastifyReply, start: ExecutionStart) {
  return resultHeaders(reply, start).type(ARROW_STREAM_TYPE).send(start.stream);
}

/** Runs `produce`; when it fails after an execution was created, the error answer still names the execution. */
export async function withExecutionHeader<T>(reply: FastifyReply, produce: () => Promise<T>): Promise<T> {
  try {
    return await produce();
  } catch (error) {
    const id = executionIdOf(error);
    if (id) reply.header('x-query-execution-id', id);
    throw error;
  }
}
