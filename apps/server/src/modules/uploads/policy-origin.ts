// Where an upload policy sends the browser: PUBLIC_URL when it is set, otherwise the address the browser reached us at.
import type { FastifyRequest } from 'fastify';
import { UPLOAD_PATH, type BlobStore } from '../../blobs/index.js';
import type { Config } from '../../config.js';

/** What issuing an upload policy needs of the blob store. */
export type PolicyIssuer = Pick<BlobStore, 'createUploadPolicy'>;

/** The address the client used: protocol and host (forwarded ones only when TRUST_PROXY says to believe them). */
export const requestOrigin = (request: Pick<FastifyRequest, 'protocol' | 'host'>) => `${request.protocol}://${request.host}`;

/**
 * Without PUBLIC_URL the server falls back to http://localhost:$PORT (config.ts), which is only right for a browser on
 * that very host: one that opened the studio at 127.0.0.1 or from another machine would post its file to an address
 * that is not ours, or that its CORS rules refuse. A policy's URL is not part of what is signed (its fields are), so
 * pointing it at the origin of the request that asked for it changes nothing a policy allows. A PUBLIC_URL that is set
 * wins, and a bucket's own URL is never touched.
 */
export function policyIssuerFor(blobs: BlobStore, config: Pick<Config, 'publicUrl' | 'port'>, request: Pick<FastifyRequest, 'protocol' | 'host'>): PolicyIssuer {
  if (!publicUrlIsDefault(config)) return blobs;
  const fallback = `${config.publicUrl}${UPLOAD_PATH}`;
  const local = `${requestOrigin(request)}${UPLOAD_PATH}`;
  return {
    createUploadPolicy: async (policyRequest) => {
      const policy = await blobs.createUploadPolicy(policyRequest);
      return policy.url === fallback ? { ...policy, url: local } : policy;
    },
  };
}

/** config.ts keeps only the resolved address; its default is how an unset PUBLIC_URL shows. */
const publicUrlIsDefault = ({ publicUrl, port }: Pick<Config, 'publicUrl' | 'port'>) => publicUrl === `http://localhost:${port}`;
