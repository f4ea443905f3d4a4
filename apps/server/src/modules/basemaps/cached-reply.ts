import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';

export interface Representation {
  body: Buffer;
  /** Whether `body` is gzipped: sent as is to clients that accept gzip, unzipped for the others. */
  gzipped: boolean;
  contentType: string;
  maxAgeSeconds: number;
  /** Request headers the body depends on besides Accept-Encoding (the host names in absolute URLs). */
  vary?: readonly string[];
}

/** Whether Accept-Encoding admits gzip (by name or `*`) with a non-zero quality. */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (quality === undefined || Number(quality.slice(2)) > 0);
  });
}

/** A weak validator: the same for the gzipped and the plain form of one body. */
const etagOf = (body: Buffer) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

const matches = (ifNoneMatch: string | undefined, etag: string) =>
  (ifNoneMatch ?? '').split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });

/** What of a Fastify reply this needs; generic so that a route's typed reply comes back as its own type. */
interface Reply<R> {
  header(name: string, value: string): R;
  status(code: number): R;
  type(contentType: string): R;
  send(payload?: Buffer): R;
}

/** Sends a cacheable body with Cache-Control, an ETag and Vary, gzipped when the client takes it; 304 when it has it. */
export function sendCached<R extends Reply<R>>(request: FastifyRequest, reply: R, representation: Representation): R {
  const { body, gzipped, contentType, maxAgeSeconds, vary = [] } = representation;
  const etag = etagOf(body);
  reply.header('cache-control', `public, max-age=${maxAgeSeconds}`);
  reply.header('etag', etag);
  reply.header('vary', ['Accept-Encoding', ...vary].join(', '));
  if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  reply.type(contentType);
  if (!gzipped) return reply.send(body);
  if (acceptsGzip(request.headers['accept-encoding'])) {
    reply.header('content-encoding', 'gzip');
    return reply.send(body);
  }
  return reply.send(gunzipSync(body));
}
