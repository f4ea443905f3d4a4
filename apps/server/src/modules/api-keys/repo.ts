import { randomUUID } from 'node:crypto';
import type { ApiKey } from '@atlas/domain';
import type { Queryable } from '../../store/index.js';
import { iso, isoOrNull } from '../../store/rows.js';

interface ApiKeyRow {
  id: string;
  prefix: string;
  expires_at: Date | null;
  last_used_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  prefix: row.prefix,
  expiresAt: isoOrNull(row.expires_at),
  lastUsedAt: isoOrNull(row.last_used_at),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const COLUMNS = 'id, prefix, expires_at, last_used_at, created_at, updated_at';

export async function findApiKey(db: Queryable, userId: string): Promise<ApiKey | null> {
  const rows = await db.query<ApiKeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE user_id = $1`, [userId]);
  return rows[0] ? toApiKey(rows[0]) : null;
}

export interface KeySecret {
  keyHash: string;
  prefix: string;
  expiresAt: Date | null;
}

/** Creates the user's key; the unique user_id makes a concurrent second create fail instead of adding a key. */
export async function insertApiKey(db: Queryable, userId: string, secret: KeySecret): Promise<ApiKey> {
  const rows = await db.query<ApiKeyRow>(
    `INSERT INTO api_keys (id, user_id, key_hash, prefix, expires_at) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [randomUUID(), userId, secret.keyHash, secret.prefix, secret.expiresAt],
  );
  return toApiKey(rows[0]!);
}

/** Replaces the secret in place: the old key stops working at once. */
export async function replaceApiKeySecret(db: Queryable, userId: string, secret: KeySecret): Promise<ApiKey | null> {
  const rows = await db.query<ApiKeyRow>(
    `UPDATE api_keys SET key_hash = $2, prefix = $3, expires_at = $4, last_used_at = NULL, updated_at = now()
     WHERE user_id = $1 RETURNING ${COLUMNS}`,
    [userId, secret.keyHash, secret.prefix, secret.expiresAt],
  );
  return rows[0] ? toApiKey(rows[0]) : null;
}

export async function deleteApiKey(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM api_keys WHERE user_id = $1 RETURNING id', [userId]);
  return rows.length > 0;
}
