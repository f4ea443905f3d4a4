import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { envelopeEndpoint, parseDsn, publicDsn } from './dsn.js';

describe('Sentry DSNs', () => {
  it('reads the public key, host with port, path and project id, and drops a secret key', () => {
    const dsn = parseDsn('https://abc:secret@Errors.Example.com:8443/sentry/42');
    expect(dsn).toEqual({ protocol: 'https:', publicKey: 'abc', host: 'errors.example.com:8443', path: 'sentry', projectId: '42' });
    expect(publicDsn(dsn!)).toBe('https://abc@errors.example.com:8443/sentry/42');
    expect(envelopeEndpoint(dsn!)).toBe('https://errors.example.com:8443/sentry/api/42/envelope/');
    expect(envelopeEndpoint(parseDsn('http://abc@127.0.0.1:9000/7')!)).toBe('http://127.0.0.1:9000/api/7/envelope/');
  });

  it('refuses what is not one: no key, no numeric project, another scheme, a query', () => {
    for (const text of ['', 'not a url', 'https://errors.example.com/42', 'https://abc@errors.example.com/', 'https://abc@errors.example.com/project', 'ftp://abc@errors.example.com/42', 'https://abc@errors.example.com/42?x=1']) {
      expect(parseDsn(text), text).toBeNull();
    }
  });

  it('SENTRY_DSN: empty is off, a malformed one stops the start without repeating it', () => {
    expect(loadConfig({}).errorReporting).toEqual({ dsn: null, tunnelPerMinute: 60 });
    expect(loadConfig({ SENTRY_DSN: 'https://abc@errors.example.com/42', SENTRY_TUNNEL_RATE_LIMIT: '5' }).errorReporting).toMatchObject({ dsn: { projectId: '42' }, tunnelPerMinute: 5 });
    expect(() => loadConfig({ SENTRY_DSN: 'https://secretish.example.com/42' })).toThrow(/^SENTRY_DSN must be a Sentry DSN: https:\/\/\{publicKey\}@\{host\}\/\{projectId\}$/);
  });
});
