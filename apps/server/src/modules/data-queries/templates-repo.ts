import type { QueryTemplate, QueryTemplateVersion, TemplateParameter } from '@atlas/domain';
import { carriesEveryTag, readableFilter, type Stored } from '../../http/access.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { Params } from '../../store/params.js';
import { iso } from '../../store/rows.js';
import type { ListPage } from './list-page.js';

interface TemplateRow {
  id: string;
  organization_id: string;
  owner_id: string;
  name: string;
  description: string;
  template: string;
  parameters: TemplateParameter[];
  dataset_id: string | null;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const toTemplate = (row: TemplateRow): Stored<QueryTemplate> => ({
  id: row.id,
  name: row.name,
  description: row.description,
  template: row.template,
  parameters: row.parameters,
  datasetId: row.dataset_id,
  version: row.version,
  ownerId: row.owner_id,
  organizationId: row.organization_id,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const COLUMNS = 't.id, t.organization_id, t.owner_id, t.name, t.description, t.template, t.parameters, t.dataset_id, t.version, t.created_at, t.updated_at';

export interface TemplateContent {
  name: string;
  description: string;
  template: string;
  parameters: TemplateParameter[];
  datasetId: string | null;
}

/** Stores the template's current state as version `version` of its history. */
async function recordVersion(db: Queryable, id: string, version: number, authorId: string, content: TemplateContent): Promise<void> {
  await db.query(
    `INSERT INTO query_template_versions (template_id, version, author_id, name, description, template, parameters, dataset_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
    [id, version, authorId, content.name, content.description, content.template, JSON.stringify(content.parameters), content.datasetId],
  );
}

export async function insertTemplate(db: Queryable, row: { id: string; organizationId: string; ownerId: string } & TemplateContent): Promise<Stored<QueryTemplate>> {
  const rows = await db.query<TemplateRow>(
    `INSERT INTO query_templates AS t (id, organization_id, owner_id, name, description, template, parameters, dataset_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8) RETURNING ${COLUMNS}`,
    [row.id, row.organizationId, row.ownerId, row.name, row.description, row.template, JSON.stringify(row.parameters), row.datasetId],
  );
  await recordVersion(db, row.id, 1, row.ownerId, row);
  return toTemplate(rows[0]!);
}

export async function findTemplate(db: Queryable, id: string): Promise<Stored<QueryTemplate> | null> {
  const rows = await db.query<TemplateRow>(`SELECT ${COLUMNS} FROM query_templates t WHERE t.id = $1`, [id]);
  return rows[0] ? toTemplate(rows[0]) : null;
}

/** Saves a new state: the version goes up by one and the state joins the history. */
export async function updateTemplate(db: Queryable, id: string, authorId: string, content: TemplateContent): Promise<Stored<QueryTemplate>> {
  const rows = await db.query<TemplateRow>(
    `UPDATE query_templates AS t SET name = $2, description = $3, template = $4, parameters = $5::jsonb, dataset_id = $6,
       version = t.version + 1, updated_at = now()
     WHERE t.id = $1 RETURNING ${COLUMNS}`,
    [id, content.name, content.description, content.template, JSON.stringify(content.parameters), content.datasetId],
  );
  const template = toTemplate(rows[0]!);
  await recordVersion(db, id, template.version, authorId, content);
  return template;
}

export async function deleteTemplate(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM query_templates WHERE id = $1', [id]);
}

/** Templates the caller may read (carrying every tag of `tagIds`), newest change first. */
export async function listTemplates(db: Queryable, identity: Identity, page: ListPage): Promise<{ items: Stored<QueryTemplate>[]; total: number }> {
  const { offset, limit, tagIds } = page;
  const params = new Params();
  const condition = [readableFilter(identity, 'query-template', 't', params), ...carriesEveryTag(identity, 'query-template', 't', tagIds, params)].join(' AND ');
  const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM query_templates t WHERE ${condition}`, params.values);
  const rows = await db.query<TemplateRow>(
    `SELECT ${COLUMNS} FROM query_templates t WHERE ${condition} ORDER BY t.updated_at DESC, t.id LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`,
    params.values,
  );
  return { items: rows.map(toTemplate), total: count!.total };
}

interface VersionRow {
  template_id: string;
  version: number;
  author_id: string | null;
  name: string;
  description: string;
  template: string;
  parameters: TemplateParameter[];
  dataset_id: string | null;
  created_at: Date | string;
}

export async function listVersions(db: Queryable, id: string, offset: number, limit: number): Promise<{ items: QueryTemplateVersion[]; total: number }> {
  const [count] = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM query_template_versions WHERE template_id = $1', [id]);
  const rows = await db.query<VersionRow>(
    'SELECT * FROM query_template_versions WHERE template_id = $1 ORDER BY version DESC LIMIT $2 OFFSET $3',
    [id, limit, offset],
  );
  return {
    items: rows.map((row) => ({
      templateId: row.template_id,
      version: row.version,
      authorId: row.author_id,
      name: row.name,
      description: row.description,
      template: row.template,
      parameters: row.parameters,
      datasetId: row.dataset_id,
      createdAt: iso(row.created_at),
    })),
    total: count!.total,
  };
}
