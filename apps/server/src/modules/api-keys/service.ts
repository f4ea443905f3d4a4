import type { ApiKey, ApiKeyRequest, ApiKeyWithSecret } from '@atlas/domain';
import { conflict, invalidInput, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import { hashSecret, newSecret } from '../../security/secrets.js';
import type { Db } from '../../store/index.js';
import * as repo from './repo.js';

const NO_KEY = 'No API key';
const NO_KEY_DETAILS = 'Create one with POST /v1/api-key';
// Enough of the key to recognise it in a list, far too little to guess the rest.
const VISIBLE_PREFIX_LENGTH = 10;

function mintSecret(request: ApiKeyRequest | undefined): { key: string; secret: repo.KeySecret } {
  const expiresAt = request?.expiresAt ? new Date(request.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw invalidInput('expiresAt must be in the future', `Got ${request!.expiresAt}`);
  const key = newSecret('apiKey');
  return { key, secret: { keyHash: hashSecret(key), prefix: key.slice(0, VISIBLE_PREFIX_LENGTH), expiresAt } };
}

export async function getApiKey(db: Db, identity: Identity): Promise<ApiKey> {
  const key = await repo.findApiKey(db, identity.userId);
  if (!key) throw notFound(NO_KEY, NO_KEY_DETAILS);
  return key;
}

export async function createApiKey(db: Db, identity: Identity, request?: ApiKeyRequest): Promise<ApiKeyWithSecret> {
  const { key, secret } = mintSecret(request);
  if (await repo.findApiKey(db, identity.userId)) throw conflict('An API key already exists', 'Rotate it with PUT /v1/api-key or delete it first');
  try {
    return { ...(await repo.insertApiKey(db, identity.userId, secret)), key };
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw conflict('An API key already exists', 'Rotate it with PUT /v1/api-key');
    throw error;
  }
}

export async function rotateApiKey(db: Db, identity: Identity, request?: ApiKeyRequest): Promise<ApiKeyWithSecret> {
  const { key, secret } = mintSecret(request);
  const updated = await repo.replaceApiKeySecret(db, identity.userId, secret);
  if (!updated) throw notFound(NO_KEY, NO_KEY_DETAILS);
  return { ...updated, key };
}

export async function deleteApiKey(db: Db, identity: Identity): Promise<void> {
  if (!(await repo.deleteApiKey(db, identity.userId))) throw notFound(NO_KEY, NO_KEY_DETAILS);
}
