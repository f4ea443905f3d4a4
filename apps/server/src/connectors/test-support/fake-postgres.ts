// A TCP server speaking just enough PostgreSQL to ask for a cleartext password (AuthenticationCleartextPassword), so a
// test can see what a connection sends, the password included, and whether it connected at all.
import net from 'node:net';
import { listenOnLoopback } from './loopback.js';

export interface FakePostgres {
  port: number;
  /** Connections accepted so far. */
  connections(): number;
  /** Every byte received, as latin1 text. */
  received(): string;
  close(): Promise<void>;
}

const ASK_CLEARTEXT_PASSWORD = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]); // 'R', length 8, code 3

export async function fakePostgres(): Promise<FakePostgres> {
  const chunks: Buffer[] = [];
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    let asked = false;
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      // The first message is the startup message; the next one answers the question (the password), then hang up.
      if (asked) socket.destroy();
      else socket.write(ASK_CLEARTEXT_PASSWORD);
      asked = true;
    });
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listenOnLoopback(server);
  return {
    port,
    connections: () => connections,
    received: () => Buffer.concat(chunks).toString('latin1'),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 nothing listens on (taken, then released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listenOnLoopback(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}
