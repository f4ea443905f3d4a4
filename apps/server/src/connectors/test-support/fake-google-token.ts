// The token endpoint of Google's service-account flow, as the fake BigQuery and Cloud Storage servers answer it: a JWT
// assertion signed by the one known account buys a bearer token that the fake's API then accepts.
import { randomUUID, verify, type KeyObject } from 'node:crypto';
import type http from 'node:http';

export interface ServiceAccount {
  email: string;
  publicKey: KeyObject;
}

/** Checks a service account's JWT assertion (RS256, the account's e-mail as issuer). */
function validAssertion(assertion: string, account: ServiceAccount): boolean {
  const [header, payload, signature] = assertion.split('.');
  if (!header || !payload || !signature) return false;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iss?: string };
  return claims.iss === account.email && verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), account.publicKey, Buffer.from(signature, 'base64url'));
}

export function fakeGoogleTokens(account: ServiceAccount) {
  const tokens = new Set<string>();
  return {
    /** Answers `POST /token` (true), or leaves the request to the API (false). */
    answer(request: http.IncomingMessage, url: URL, body: string, response: http.ServerResponse): boolean {
      if (request.method !== 'POST' || url.pathname !== '/token') return false;
      const form = new URLSearchParams(body);
      response.setHeader('content-type', 'application/json');
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !validAssertion(form.get('assertion') ?? '', account)) {
        response.writeHead(400).end(JSON.stringify({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }));
        return true;
      }
      const token = `ya29.fake-${randomUUID()}`;
      tokens.add(token);
      response.end(JSON.stringify({ access_token: token, expires_in: 3599, token_type: 'Bearer' }));
      return true;
    },
    /** Whether the request carries a token this endpoint issued. */
    authorized: (request: http.IncomingMessage) => tokens.has(String(request.headers.authorization ?? '').replace(/^Bearer /, '')),
    issued: () => tokens.size,
  };
}
