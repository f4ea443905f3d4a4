import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { checkedAgents, connectableAddress } from './network.js';
import { listenOnLoopback } from './test-support/loopback.js';

const refused = { statusCode: 422, message: 'Could not connect to the database' };

describe('connection network policy', () => {
  it('refuses loopback, private, link-local and other internal addresses by default', async () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '0.0.0.0', '10.0.0.1', '172.16.0.1', '192.168.1.1', '100.64.0.1', '169.254.169.254']) {
      await expect(connectableAddress(host, []), host).rejects.toMatchObject(refused);
    }
    for (const host of ['::1', '[::1]', '::', '::ffff:127.0.0.1', '::ffff:169.254.169.254', 'fd00::1', 'fe80::1', 'ff02::1', '::127.0.0.1']) {
      await expect(connectableAddress(host, []), host).rejects.toMatchObject(refused);
    }
    // An unknown host answers the same.
    await expect(connectableAddress('no-such-host.invalid', [])).rejects.toMatchObject(refused);
  });

  it('connects public addresses, to the checked address', async () => {
    expect(await connectableAddress('8.8.8.8', [])).toBe('8.8.8.8');
    expect(await connectableAddress('::ffff:8.8.8.8', [])).toBe('::ffff:8.8.8.8');
    expect(await connectableAddress('2001:4860:4860::8888', [])).toBe('2001:4860:4860::8888');
  });

  it('lets an administrator allow host names, addresses and CIDR ranges', async () => {
    expect(await connectableAddress('127.0.0.1', ['127.0.0.1'])).toBe('127.0.0.1');
    expect(await connectableAddress('::ffff:127.0.0.1', ['127.0.0.1'])).toBe('::ffff:127.0.0.1');
    expect(await connectableAddress('10.1.2.3', ['db.internal', '10.0.0.0/8'])).toBe('10.1.2.3');
    expect(await connectableAddress('[::1]', ['::1/128'])).toBe('::1');
    expect(await connectableAddress('LOCALHOST.', ['localhost'])).toMatch(/^(127\.0\.0\.1|::1)$/);
    await expect(connectableAddress('10.0.0.1', ['10.0.0.2', '192.168.0.0/16'])).rejects.toMatchObject(refused);
  });

  it('reads ATLAS_ALLOWED_CONNECTION_HOSTS and refuses to start on a malformed entry', () => {
    expect(loadConfig({}).allowedConnectionHosts).toEqual([]);
    expect(loadConfig({ ATLAS_ALLOWED_CONNECTION_HOSTS: ' localhost, 10.0.0.0/8 ,,fd00::/8' }).allowedConnectionHosts).toEqual(['localhost', '10.0.0.0/8', 'fd00::/8']);
    for (const entry of ['10.0.0.0/33', 'http://x', '10.0.0.0/8/1', 'a b']) {
      expect(() => loadConfig({ ATLAS_ALLOWED_CONNECTION_HOSTS: entry }), entry).toThrow('is not a host name, an IP address or a CIDR range');
    }
  });

  it("checks every host its agents dial, a name or an address (Node skips the agent's lookup for an address)", async () => {
    const server = http.createServer((_, response) => response.end('ok'));
    const port = await listenOnLoopback(server);
    const get = (host: string, allowed: string[]) =>
      new Promise<number>((resolve, reject) => {
        http.get({ host, port, agent: checkedAgents(allowed).httpAgent }, (response) => resolve(response.statusCode ?? 0)).on('error', reject);
      });
    try {
      await expect(get('127.0.0.1', [])).rejects.toMatchObject(refused);
      await expect(get('localhost', [])).rejects.toMatchObject(refused);
      expect(await get('127.0.0.1', ['127.0.0.1'])).toBe(200);
    } finally {
      server.close();
    }
  });
});
