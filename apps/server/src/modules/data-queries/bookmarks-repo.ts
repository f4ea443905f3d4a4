import type { BookmarkQuery, QueryBookmark } from '@atlas/domain';
import { carriesEveryTag, inCallerOrganization, ownedByCaller, readableFilter, type Stored } from '../../http/access.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { Params } from '../../store/params.js';
import { iso } from '../../store/rows.js';
import type { ListPage } from './list-page.js';

interface BookmarkRow {
  id: string;
  organization_id: string;
  owner_id: string;
  name: string;
  description: string;
  query: BookmarkQuery;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = 'b.id, b.organization_id, b.owner_id, b.name, b.description, b.query, b.created_at, b.updated_at';

const toBookmark = (row: BookmarkRow): Stored<QueryBookmark> => ({
  id: row.id,
  name: row.name,
  description: row.description,
  query: row.query,
  ownerId: row.owner_id,
  organizationId: row.organization_id,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

export interface BookmarkContent {
  name: string;
  description: string;
  query: BookmarkQuery;
}

export async function insertBookmark(db: Queryable, row: { id: string; organizationId: string; ownerId: string } & BookmarkContent): Promise<Stored<QueryBookmark>> {
  const rows = await db.query<BookmarkRow>(
    `INSERT INTO query_bookmarks AS b (id, organization_id, owner_id, name, description, query) VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING ${COLUMNS}`,
    [row.id, row.organizationId, row.ownerId, row.name, row.description, JSON.stringify(row.query)],
  );
  return toBookmark(rows[0]!);
}

export async function findBookmark(db: Queryable, id: string): Promise<Stored<QueryBookmark> | null> {
  const rows = await db.query<BookmarkRow>(`SELECT ${COLUMNS} FROM query_bookmarks b WHERE b.id = $1`, [id]);
  return rows[0] ? toBookmark(rows[0]) : null;
}

export async function updateBookmark(db: Queryable, id: string, content: BookmarkContent): Promise<Stored<QueryBookmark>> {
  const rows = await db.query<BookmarkRow>(
    `UPDATE query_bookmarks AS b SET name = $2, description = $3, query = $4::jsonb, updated_at = now() WHERE b.id = $1 RETURNING ${COLUMNS}`,
    [id, content.name, content.description, JSON.stringify(content.query)],
  );
  return toBookmark(rows[0]!);
}

export async function deleteBookmark(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM query_bookmarks WHERE id = $1', [id]);
}

/** 'owned': the caller's; 'organization': those of the caller's organization they may read; either carrying every tag of `tagIds`. */
export async function listBookmarks(db: Queryable, identity: Identity, scope: 'owned' | 'organization', page: ListPage): Promise<{ items: Stored<QueryBookmark>[]; total: number }> {
  const { offset, limit, tagIds } = page;
  const params = new Params();
  const where = [readableFilter(identity, 'query-bookmark', 'b', params)];
  where.push(scope === 'owned' ? ownedByCaller(identity, 'b', params) : inCallerOrganization(identity, 'b', params));
  where.push(...carriesEveryTag(identity, 'query-bookmark', 'b', tagIds, params));
  const condition = where.join(' AND ');
  const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM query_bookmarks b WHERE ${condition}`, params.values);
  const rows = await db.query<BookmarkRow>(
    `SELECT ${COLUMNS} FROM query_bookmarks b WHERE ${condition} ORDER BY b.updated_at DESC, b.id LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`,
    params.values,
  );
  return { items: rows.map(toBookmark), total: count!.total };
}
