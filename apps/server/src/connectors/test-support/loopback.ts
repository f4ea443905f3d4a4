// The fake warehouses and stores listen on a free loopback port, which the tests' connections reach through the
// administrator's allow-list (127.0.0.1).
import type { AddressInfo, Server } from 'node:net';

/** Starts `server` on 127.0.0.1 at a free port and answers the port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
