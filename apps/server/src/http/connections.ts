// Bounds on what one slow or greedy client can hold (docs/api.md "Slow clients"): unfinished headers, a body that
// stops arriving, an idle keep-alive connection and too many connections from one address are all cut.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

export interface ConnectionLimits {
  /** Headers not complete this long after the request began: 408, connection closed. */
  headersTimeoutMs: number;
  /** No byte from the client this long while its request is arriving (or before one starts): connection cut. */
  idleTimeoutMs: number;
  /** An idle keep-alive connection between requests is closed after this long. */
  keepAliveTimeoutMs: number;
  /** Open connections one client address may hold; more are closed at once. */
  perClient: number;
}

/** Fastify's part: Node checks header timeouts only every connectionsCheckingInterval (30 s by default). */
export function connectionOptions(limits: ConnectionLimits): Pick<FastifyServerOptions, 'connectionTimeout' | 'keepAliveTimeout'> & {
  http: { headersTimeout: number; connectionsCheckingInterval: number };
} {
  return {
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs) },
    // Node's per-socket inactivity timer; guardConnections decides what a timeout means.
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
  };
}

/**
 * Cuts a socket whose inactivity timer fired only when the client is the one keeping it waiting: no request, a finished
 * answer, or a body that stopped arriving while the server was ready for more. A request whose body is complete (the
 * server is still working on it: a long query) or whose body waits unread on the server's side is left alone, so a
 * slow upload that keeps progressing is never cut. The per-client cap is on connecting addresses, so it is off behind
 * a trusted proxy (every connection then comes from the proxy, which limits its own clients).
 */
export function guardConnections(server: Server, limits: ConnectionLimits, trustProxy: Config['trustProxy']): void {
  const current = new WeakMap<Socket, { request: IncomingMessage; response: ServerResponse }>();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => current.set(request.socket, { request, response }));
  server.on('timeout', (socket: Socket) => {
    const exchange = current.get(socket);
    if (exchange && !exchange.response.writableEnded && (exchange.request.complete || serverIsBehind(exchange.request, socket))) return;
    socket.destroy();
  });
  if (trustProxy === false) capPerClient(server, limits.perClient);
}

/** Unread body bytes or a socket the server paused for backpressure: the wait is the server's, not the client's. */
const serverIsBehind = (request: IncomingMessage, socket: Socket) => request.readableLength > 0 || socket.isPaused();

function capPerClient(server: Server, cap: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > cap) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
