import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { blame, listenFailure, startupFailure, writableFolder } from './startup.js';
import { openPostgres } from './store/index.js';

/** What main.ts prints for a failed step: exactly one line, never the password. */
async function reported(step: () => unknown): Promise<string> {
  try {
    await step();
  } catch (error) {
    const line = startupFailure(error);
    expect(line).not.toContain('\n');
    expect(line).not.toContain('s3cret');
    expect(line).not.toMatch(/\bat \S+ \(/); // no stack frame
    return line;
  }
  throw new Error('the step did not fail');
}

describe('start-up failures name the setting and why, in one line', () => {
  let folder = '';
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'atlas-startup-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('DATABASE_URL pointing where no PostgreSQL listens', async () => {
    const line = await reported(() => openPostgres('postgres://atlas:s3cret@127.0.0.1:1/atlas').catch(blame('DATABASE_URL')));
    expect(line).toBe(
      'Atlas Studio could not start. DATABASE_URL: could not connect to postgres://atlas@127.0.0.1:1/atlas (password hidden): ' +
        'connection refused (is PostgreSQL running and listening there?)',
    );
  });

  it('DATABASE_URL that is not a URL, without echoing it', async () => {
    const line = await reported(() => openPostgres('postgres://atlas:s3cret@db:port/atlas').catch(blame('DATABASE_URL')));
    expect(line).toBe('Atlas Studio could not start. DATABASE_URL: not a valid postgres://user:password@host:port/database URL');
    expect(await reported(() => openPostgres('mysql://atlas:s3cret@db/atlas').catch(blame('DATABASE_URL')))).toBe(
      'Atlas Studio could not start. DATABASE_URL: expected a postgres:// URL, got a mysql:// one',
    );
  });

  it('a password given as a query parameter is hidden too', async () => {
    const line = await reported(() => openPostgres('postgres://atlas@127.0.0.1:1/atlas?password=s3cret').catch(blame('DATABASE_URL')));
    expect(line).toContain('postgres://atlas@127.0.0.1:1/atlas (password hidden)');
  });

  it('malformed PORT and ATLAS_ALLOWED_CONNECTION_HOSTS, as configuration reads them', async () => {
    expect(await reported(() => loadConfig({ PORT: 'eighty' }))).toBe('Atlas Studio could not start. PORT must be a port number, got "eighty"');
    expect(await reported(() => loadConfig({ ATLAS_ALLOWED_CONNECTION_HOSTS: 'db.internal,10.0.0.0/99' }))).toMatch(
      /^Atlas Studio could not start\. ATLAS_ALLOWED_CONNECTION_HOSTS: "10\.0\.0\.0\/99" is not/,
    );
  });

  it('DATA_DIR that cannot be a writable folder', async () => {
    const file = path.join(folder, 'a-file');
    await writeFile(file, '');
    const line = await reported(() => writableFolder(path.join(file, 'data')).catch(blame('DATA_DIR')));
    expect(line).toBe(`Atlas Studio could not start. DATA_DIR: ${path.join(file, 'data')} is not a writable folder (a file is in the way)`);
    await expect(writableFolder(path.join(folder, 'new', 'data'))).resolves.toBeUndefined();
  });

  it('PORT already in use', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const second = net.createServer();
      const listen = new Promise<void>((resolve, reject) => second.once('error', reject).listen(port, '127.0.0.1', resolve));
      expect(await reported(() => listen.catch(listenFailure('127.0.0.1', port)))).toBe(
        `Atlas Studio could not start. PORT: cannot listen on 127.0.0.1:${port}: the port is already in use`,
      );
    } finally {
      taken.close();
    }
  });
});
