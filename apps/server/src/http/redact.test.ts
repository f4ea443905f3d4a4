import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './error-handler.js';
import { badRequest } from './errors.js';
import { redactFolder, redactPaths } from './redact.js';

describe('redactPaths', () => {
  it('replaces whole paths under server folders, the longest folder first', () => {
    const dataDir = path.join(os.tmpdir(), 'atlas-redact-test');
    redactFolder(dataDir);
    expect(redactPaths(`No magic bytes found at end of file '${dataDir}/tmp/1.upload'`)).toBe("No magic bytes found at end of file '<server path>'");
    expect(redactPaths(`Extension "${os.homedir()}/.duckdb/extensions/v1/spatial.duckdb_extension" not found.`)).toBe('Extension "<server path>" not found.');
    expect(redactPaths(`cannot open ${process.cwd()}`)).toBe('cannot open <server path>');
  });

  it('leaves other text alone', () => {
    expect(redactPaths(`${os.tmpdir()}x and https://example.com${os.tmpdir()}/y`)).toBe(`${os.tmpdir()}x and https://example.com${os.tmpdir()}/y`);
    expect(redactPaths('Conversion Error: Could not convert string "abc" to INT32')).toBe('Conversion Error: Could not convert string "abc" to INT32');
    expect(redactPaths('')).toBe('');
  });

  it('ignores the root folder', () => {
    redactFolder('/');
    expect(redactPaths('a/b /c')).toBe('a/b /c');
  });
});

describe('error answers', () => {
  it('carry no server path in message or details', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    const file = path.join(os.tmpdir(), 'atlas-x', 'v1.parquet');
    app.get('/fails', () => {
      throw badRequest(`Cannot read ${file}`, `IO Error: "${file}" and ${os.homedir()}/.duckdb`);
    });
    const response = await app.inject({ method: 'GET', url: '/fails' });
    expect(response.json()).toEqual({ message: 'Cannot read <server path>', details: 'IO Error: "<server path>" and <server path>', appStatusCode: 'BAD_REQUEST' });
    await app.close();
  });
});
