import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../test-support/harness.js';
import { testStores } from '../test-support/stores.js';

const [pglite] = testStores();
const LIMITS = { headersTimeoutMs: 1000, idleTimeoutMs: 1000, keepAliveTimeoutMs: 5000, perClient: 3 };
/** A cut comes within a timeout plus Node's 1 s check interval; anything later counts as never. */
const CUT_WITHIN_MS = 3000;

interface Client {
  socket: net.Socket;
  /** Resolves when the server closes the connection: what it answered and after how long. */
  closed: Promise<{ received: string; afterMs: number }>;
}

describe('slow clients are cut off, ordinary ones are not', () => {
  const h = useHarness(pglite!, { connections: LIMITS });
  let port = 0;

  beforeAll(async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
  });

  async function connect(): Promise<Client> {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const started = Date.now();
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    const closed = new Promise<{ received: string; afterMs: number }>((resolve) =>
      socket.once('close', () => resolve({ received, afterMs: Date.now() - started })),
    );
    await new Promise((resolve) => socket.once('connect', resolve));
    return { socket, closed };
  }

  /** Waits for the close, failing (and closing the socket) if the server still holds the connection after `ms`. */
  async function closedWithin(client: Client, ms = CUT_WITHIN_MS) {
    const outcome = await Promise.race([client.closed, sleep(ms).then(() => null)]);
    client.socket.destroy();
    expect(outcome, 'the server still holds the connection').not.toBeNull();
    return outcome!;
  }

  const signIn = JSON.stringify({ email: 'admin@example.com', password: 'demo' });
  const head = (length: number) =>
    `POST /v1/auth/sign-in HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('cuts a body that stops arriving', async () => {
    const client = await connect();
    client.socket.write(head(1000) + signIn.slice(0, 10));
    const { afterMs } = await closedWithin(client);
    expect(afterMs).toBeGreaterThanOrEqual(LIMITS.idleTimeoutMs - 100);
  });

  it('cuts headers that never finish, even when they trickle, with 408', async () => {
    const client = await connect();
    const lines = ['GET /v1/health HTTP/1.1\r\n', ...Array.from({ length: 20 }, (_, i) => `X-Slow-${i}: a\r\n`)];
    const trickle = (async () => {
      for (const line of lines) {
        if (client.socket.destroyed) return;
        client.socket.write(line);
        await sleep(200);
      }
    })();
    const { received } = await closedWithin(client);
    await trickle;
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('keeps a body that arrives slowly but steadily, and answers it', async () => {
    const client = await connect();
    let answer = '';
    client.socket.on('data', (chunk) => (answer += chunk.toString()));
    client.socket.write(head(signIn.length));
    // Longer in total than both timeouts, but never a second without a byte.
    for (const piece of signIn.match(/.{1,4}/g)!) {
      await sleep(2500 / Math.ceil(signIn.length / 4));
      client.socket.write(piece);
    }
    // Ending the request before the answer arrives would close the connection unanswered: wait for it (a loaded
    // machine takes its time to check the password).
    await expect.poll(() => answer, { timeout: 30_000, interval: 50 }).toContain('"token"');
    client.socket.end();
    const { received } = await closedWithin(client);
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received).toContain('"token"');
  });

  it('closes connections beyond the per-client cap at once, and accepts again when one closes', async () => {
    const held = await Promise.all(Array.from({ length: LIMITS.perClient }, connect));
    await sleep(100);
    const extra = await connect();
    // Closed by the cap, not by a timeout: before the shortest timeout could have run out.
    const { received, afterMs } = await closedWithin(extra, LIMITS.idleTimeoutMs - 100);
    expect(received).toBe('');
    expect(afterMs).toBeLessThan(LIMITS.idleTimeoutMs - 100);
    held[0]!.socket.destroy();
    await held[0]!.closed;
    await sleep(100);
    const next = await connect();
    next.socket.write('GET /v1/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect((await closedWithin(next)).received).toMatch(/^HTTP\/1\.1 200 /);
    for (const client of held) client.socket.destroy();
  });

  it('answers ordinary requests as before, several on one kept-alive connection', async () => {
    const client = await connect();
    let answer = '';
    client.socket.on('data', (chunk) => (answer += chunk.toString()));
    for (let i = 1; i <= 3; i++) {
      client.socket.write('GET /v1/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await expect.poll(() => answer.match(/HTTP\/1\.1 200 /g)?.length ?? 0, { timeout: 30_000, interval: 50 }).toBe(i);
    }
    expect(client.socket.destroyed).toBe(false);
    client.socket.destroy();
  });
});
