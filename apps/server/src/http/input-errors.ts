import http from 'node:http';
import type { Socket } from 'node:net';
import { AppStatusCode, type ErrorBody } from '@atlas/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/** PostgreSQL's refusals of a value itself (SQLSTATE class 22 and a too-deep document): the input was bad, not the server. */
const DATABASE_INPUT_ERRORS: Record<string, string> = {
  '22P02': 'A value is not valid for its type',
  '22P05': 'A value holds a character that cannot be stored',
  '22021': 'A value holds a character that cannot be stored',
  '22003': 'A number is out of range',
  '54001': 'A value is nested too deeply',
};

/**
 * The safety net behind request validation: a database error caused by a value that slipped past it becomes a 400 in the
 * error shape instead of a 500. The database's own message is not sent; it may quote the value or name internals.
 */
export function databaseInputError(error: unknown): AppError | null {
  const code = (error as { code?: unknown }).code;
  const message = typeof code === 'string' ? DATABASE_INPUT_ERRORS[code] : undefined;
  return message ? new AppError(400, 'Invalid input', AppStatusCode.BadRequest, message) : null;
}

/** Node's default, stated here so the answer can name it: a bearer token is tens of bytes, so this leaves ample room. */
export const MAX_HEADER_BYTES = 16 * 1024;

const CLIENT_ERRORS: Record<string, { status: number; body: ErrorBody }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    body: { message: 'Request headers are too large', details: `Headers may total at most ${MAX_HEADER_BYTES / 1024} KB`, appStatusCode: AppStatusCode.BadRequest },
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, body: { message: 'Request timed out', details: '', appStatusCode: AppStatusCode.BadRequest } },
};
const MALFORMED = { status: 400, body: { message: 'Malformed HTTP request', details: '', appStatusCode: AppStatusCode.BadRequest } };

/**
 * Answers requests Node's HTTP parser refuses before Fastify sees them (oversized headers, timeouts, malformed
 * requests) in the error shape too, then closes the connection as Node would.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const text = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}
