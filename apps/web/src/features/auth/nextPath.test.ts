import { describe, expect, it } from 'vitest';
import { nextPathAfterSignIn, signInPathFor } from './nextPath';

describe('nextPathAfterSignIn', () => {
  it('keeps a path of this app, with its query', () => {
    expect(nextPathAfterSignIn('/workspace/maps')).toBe('/workspace/maps');
    expect(nextPathAfterSignIn('/dashboard/new?templateId=report')).toBe('/dashboard/new?templateId=report');
  });

  it('falls back to the workspace for missing, foreign or looping targets', () => {
    for (const next of [null, undefined, '', 'workspace', 'https://evil.example', '//evil.example/x', '/\\evil.example', '/sign-in', '/sign-in?next=/x']) {
      expect(nextPathAfterSignIn(next)).toBe('/workspace');
    }
  });
});

describe('signInPathFor', () => {
  it('carries the requested address as next', () => {
    expect(signInPathFor({ pathname: '/workspace/maps', search: '?a=1', hash: '' })).toBe('/sign-in?next=%2Fworkspace%2Fmaps%3Fa%3D1');
  });

  it('needs no next for the root', () => {
    expect(signInPathFor({ pathname: '/', search: '', hash: '' })).toBe('/sign-in');
  });
});
