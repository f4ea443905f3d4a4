// Answering tile calls: validators, cache lifetimes and byte ranges. Tilesets are access-checked, so every answer is
// `private` (no shared cache may keep it for another user); a URL that names the current build (?v=) never changes
// and is kept for the spec's default cache max age, any other is revalidated with its ETag.
import { gunzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_CACHE_MAX_AGE_SECONDS } from '@atlas/domain';
import { acceptsGzip } from '../basemaps/index.js';

export function cacheControl(requestedVersion: string | undefined, version: string): string {
  return requestedVersion === version ? `private, max-age=${DEFAULT_CACHE_MAX_AGE_SECONDS}, immutable` : 'private, no-cache';
}

/** Whether If-None-Match names this ETag (weak comparison, as for GET). */
export function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === bare);
}

/** A stored gzipped tile: as is to clients that take gzip, unzipped to the others; 204 for an empty place in the tileset. */
export function sendTile(request: FastifyRequest, reply: FastifyReply, tile: Buffer | null, etag: string, cache: string): FastifyReply {
  reply.header('cache-control', cache).header('etag', etag).header('vary', 'Accept-Encoding');
  if (notModified(request, etag)) return reply.status(304).send();
  if (!tile) return reply.status(204).send();
  reply.type('application/vnd.mapbox-vector-tile');
  if (acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(tile);
  return reply.send(gunzipSync(tile));
}

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * One range of a `Range: bytes=…` header (first-last, first-, or -suffix) within `size` bytes; null when there is none
 * or it is not one byte range (the whole body is sent then); 'unsatisfiable' when it starts past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange {
  const match = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** If-Range with another validator than ours: the client's copy is stale, so it gets the whole body. */
export const rangeApplies = (request: FastifyRequest, etag: string) => {
  const ifRange = request.headers['if-range'];
  return typeof ifRange !== 'string' || ifRange.trim() === etag;
};
