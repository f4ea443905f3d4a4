import type { Seat } from '@atlas/domain';
import { unauthorized } from './errors.js';

/** Who is calling, as resolved from the bearer token once per request. */
export interface Identity {
  userId: string;
  organizationId: string;
  seat: Seat;
  isAdmin: boolean;
  via: 'session' | 'apiKey';
  /** SHA-256 of the bearer secret, so sign-out can revoke exactly this session. */
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity | null;
  }
  interface FastifyContextConfig {
    /** Routes marked public answer without a token (health, tiers, sign-in, public search). */
    public?: boolean;
  }
}

export function requireIdentity(identity: Identity | null): Identity {
  if (!identity) throw unauthorized();
  return identity;
}
