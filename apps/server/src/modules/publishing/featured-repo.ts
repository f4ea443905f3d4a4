import { randomUUID } from 'node:crypto';
import type { FeaturedMap } from '@atlas/domain';
import type { Queryable } from '../../store/index.js';
import { iso } from '../../store/rows.js';
import { toSummary, type PublishedRow } from './repo.js';

/** SQL over featured_maps, each joined to its published map. */

interface FeaturedRow {
  id: string;
  published_id: string;
  title: string;
  description: string;
  position: number;
  highlighted: boolean;
  created_at: Date;
  updated_at: Date;
  published: PublishedRow;
}

const toFeaturedMap = (row: FeaturedRow): FeaturedMap => ({
  id: row.id,
  publishedId: row.published_id,
  recordId: row.published.resource_id,
  title: row.title,
  description: row.description,
  position: row.position,
  highlighted: row.highlighted,
  // to_jsonb gives timestamps as text; toSummary reads both.
  publishedMap: toSummary(row.published),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

// Joined to records so that an entry whose map was deleted is not shown.
const SELECT = `SELECT f.id, f.published_id, f.title, f.description, f.position, f.highlighted, f.created_at, f.updated_at, to_jsonb(p) AS published
  FROM featured_maps f JOIN published_items p ON p.id = f.published_id JOIN records r ON r.id = p.resource_id`;

/** Highlighted first, then by position and age. */
export async function listFeatured(db: Queryable): Promise<FeaturedMap[]> {
  const rows = await db.query<FeaturedRow>(`${SELECT} ORDER BY f.highlighted DESC, f.position, f.created_at, f.id`);
  return rows.map(toFeaturedMap);
}

export async function findFeatured(db: Queryable, id: string): Promise<FeaturedMap | null> {
  const rows = await db.query<FeaturedRow>(`${SELECT} WHERE f.id = $1`, [id]);
  return rows[0] ? toFeaturedMap(rows[0]) : null;
}

export async function isFeatured(db: Queryable, publishedId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM featured_maps WHERE published_id = $1', [publishedId])).length > 0;
}

export interface FeaturedFields {
  title: string;
  description: string;
  position: number;
}

export async function insertFeatured(tx: Queryable, publishedId: string, fields: FeaturedFields | Omit<FeaturedFields, 'position'>): Promise<string> {
  const id = randomUUID();
  // Without a position the new entry goes last.
  const position = 'position' in fields ? fields.position : null;
  await tx.query(
    `INSERT INTO featured_maps (id, published_id, title, description, position)
     VALUES ($1, $2, $3, $4, COALESCE($5::int, (SELECT COALESCE(max(position) + 1, 0) FROM featured_maps)))`,
    [id, publishedId, fields.title, fields.description, position],
  );
  return id;
}

export async function updateFeatured(tx: Queryable, id: string, patch: Partial<FeaturedFields>): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE featured_maps SET title = COALESCE($2, title), description = COALESCE($3, description), position = COALESCE($4::int, position), updated_at = now()
     WHERE id = $1 RETURNING id`,
    [id, patch.title ?? null, patch.description ?? null, patch.position ?? null],
  );
  return rows.length > 0;
}

export async function deleteFeatured(tx: Queryable, id: string): Promise<boolean> {
  return (await tx.query('DELETE FROM featured_maps WHERE id = $1 RETURNING id', [id])).length > 0;
}

/** At most one featured map is highlighted: highlighting one clears the others. */
export async function setHighlighted(tx: Queryable, id: string, highlighted: boolean): Promise<boolean> {
  if (highlighted) await tx.query('UPDATE featured_maps SET highlighted = false, updated_at = now() WHERE highlighted AND id <> $1', [id]);
  const rows = await tx.query('UPDATE featured_maps SET highlighted = $2, updated_at = now() WHERE id = $1 RETURNING id', [id, highlighted]);
  return rows.length > 0;
}
