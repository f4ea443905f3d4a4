// A stand-in for the error-reporting service on 127.0.0.1: records every request it gets, answers `status`.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeUpstream {
  /** A DSN of project 42 at this server, with the public key `publickey`. */
  dsn: string;
  received: Received[];
  /** What the next requests are answered. */
  status: number;
  close(): Promise<void>;
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const upstream = { received: [] as Received[], status: 200 } as FakeUpstream;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      upstream.received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(upstream.status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream.dsn = `http://publickey@127.0.0.1:${(server.address() as AddressInfo).port}/42`;
  upstream.close = () => new Promise((resolve) => server.close(() => resolve()));
  return upstream;
}
