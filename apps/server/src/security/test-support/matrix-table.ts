import { latLngToCell } from 'h3-js';
import type { AccessResourceType } from '../../http/access.js';
import type { Need } from './personas.js';

/** Sentinels: none of them may appear in any answer of the matrix (the style's own token only in its owner's). */
export const SENTINELS = {
  /** metadata.accessToken of the map style (owned by STYLIST) linked to every record. */
  linkedStyleToken: 'pk.sentinel-linked-style-token-6f1c',
  /** metadata.accessToken of each map style under test: only its owner (the analyst) sees it. */
  ownStyleToken: 'pk.sentinel-own-style-token-93ab',
  /** The password of each data connection under test. */
  connectionPassword: 'sentinel-connection-password-5d2e',
  /** Name of a private dataset linked to every record: readers who cannot read it must not learn it. */
  secretDatasetName: 'sentinel-secret-dataset-name-0c7a',
} as const;

/** Ids made once per suite, shared by every case. */
export interface Fixtures {
  ownerId: string;
  bystanderId: string;
  /** STYLIST's public_read map style carrying SENTINELS.linkedStyleToken. */
  styleId: string;
  /** The owner's public_read dataset, which any signed-in caller may link. */
  linkableDatasetId: string;
  /** The owner's private dataset named SENTINELS.secretDatasetName. */
  secretDatasetId: string;
  /** The owner's public_read template `SELECT count(*) … FROM {{dataset}}`, for running over a dataset under test. */
  datasetTemplateId: string;
  /** The owner's public_read template `SELECT 1`, for attaching runs to records. */
  plainTemplateId: string;
}

/** What a resource's creation leaves for its actions: the values of the routes' path parameters, and more. */
export type CaseParams = Record<string, string>;

export interface Owner {
  /** Calls as the owner and answers the JSON, failing unless the status is `expect`. */
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, expect?: number): Promise<Record<string, unknown>>;
  upload(method: 'PUT' | 'POST', url: string, payload: string, contentType: string): Promise<void>;
  uploadFile(policy: { url: string; fields: Record<string, string> }, payload: string, contentType: string): Promise<void>;
  fixtures: Fixtures;
}

export interface Action {
  name: string;
  need: Need;
  /** The status when allowed; 'reached' when it depends on an outside system: anything but 401, 403, 404 and 5xx. */
  ok: number | 'reached';
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as declared, `:name` for path parameters (filled from the case's params). */
  route: string;
  query?: (params: CaseParams) => Record<string, string>;
  /** Path parameters the route names differently from the case (e.g. the permission listing's resourceId). */
  params?: (params: CaseParams) => CaseParams;
  body?: (params: CaseParams, fixtures: Fixtures) => unknown;
  raw?: { payload: string; contentType: string };
  /** The route takes ?isAdmin=true (admin mode). */
  admin?: boolean;
}

export interface ResourceSpec {
  /** As the spec names it; dashboards are insights under another path. */
  name: string;
  type: AccessResourceType;
  create(owner: Owner): Promise<CaseParams>;
  /** The listings of the type (with their largest page); the resource is in one of them exactly when readable (see `listsGrantsOfOthers`). */
  lists: string[];
  /** A listing shows what grants and public_read give users of other organizations ("shared with me"). */
  listsGrantsOfOthers: boolean;
  /** Run in this order; deletions come last. */
  actions: Action[];
}

const CSV = 'city,visits\nParis,120\nRome,80\n';
const tag = () => Math.random().toString(36).slice(2, 8);
const changed = { description: 'changed by the matrix' };

// ---- shared actions -------------------------------------------------------------------------------------------

function sharing(type: AccessResourceType): Action[] {
  return [
    {
      name: 'share (grant)',
      need: 'write',
      ok: 201,
      admin: true,
      method: 'POST',
      route: '/v1/permissions',
      body: (p, f) => ({ resourceType: type, resourceId: p.id, granteeType: 'user', granteeId: f.bystanderId, role: 'viewer' }),
    },
    {
      name: 'share (bulk)',
      need: 'write',
      ok: 200,
      admin: true,
      method: 'POST',
      route: '/v1/permissions/bulk',
      body: (p, f) => ({ resourceType: type, resourceId: p.id, grants: [{ granteeType: 'user', granteeId: f.bystanderId, role: 'viewer' }] }),
    },
    {
      name: 'list permissions',
      need: 'write',
      ok: 200,
      admin: true,
      method: 'GET',
      route: '/v1/permissions/:resourceType/:resourceId',
      params: (p) => ({ resourceType: type, resourceId: p.id! }),
    },
    { name: 'change a grant', need: 'write', ok: 200, admin: true, method: 'PUT', route: '/v1/permissions/:permissionId', body: () => ({ role: 'editor' }) },
    { name: 'revoke a grant', need: 'write', ok: 204, admin: true, method: 'DELETE', route: '/v1/permissions/:permissionId' },
  ];
}

/** Gives the bystander a viewer grant, so the grant routes have an id to work on. */
async function bystanderGrant(owner: Owner, type: AccessResourceType, id: string): Promise<CaseParams> {
  const permission = await owner.call('POST', '/v1/permissions', { resourceType: type, resourceId: id, granteeType: 'user', granteeId: owner.fixtures.bystanderId, role: 'viewer' }, 201);
  return { permissionId: String(permission.id) };
}

// ---- records: maps, insights, dashboards, workbooks ---------------------------------------------------------------

const RECORD_KINDS = {
  map: { state: '/v1/studiostates', field: 'mapId' },
  insight: { state: '/v1/insight-states', field: 'insightId' },
  workbook: { state: '/v1/workbook-states', field: 'workbookId' },
} as const;
/** Publishing is offered for maps and insights under their own paths. */
const PUBLISHED_PATHS = ['/v1/maps', '/v1/insights'];

function recordSpec(name: string, kind: keyof typeof RECORD_KINDS, path: string): ResourceSpec {
  const { state, field } = RECORD_KINDS[kind];
  const publish = PUBLISHED_PATHS.includes(path);
  return {
    name,
    type: kind,
    async create(owner) {
      const { fixtures } = owner;
      const record = await owner.call('POST', path, { name: `${name} ${tag()}`, datasets: [fixtures.secretDatasetId] }, 201);
      const id = String(record.id);
      await owner.call('POST', `${path}/${id}/map-assets/${fixtures.styleId}`, undefined, 200);
      const saved = await owner.call('POST', state, { [field]: id, data: { zoom: 3 } }, 201);
      const run = await owner.call('POST', `/v1/data-queries/templates/${fixtures.plainTemplateId}/executions`, { [field]: id }, 201);
      return {
        id,
        type: kind,
        field,
        stateId: String(saved.id),
        executionId: String(run.id),
        templateId: fixtures.plainTemplateId,
        datasetId: fixtures.linkableDatasetId,
        assetId: fixtures.styleId,
        ...(await bystanderGrant(owner, kind, id)),
      };
    },
    lists: [`${path}?limit=1000`, `${path}/for-organization?limit=1000`, `${path}/shared-with-user?limit=1000`],
    listsGrantsOfOthers: true,
    actions: [
      { name: 'read', need: 'read', ok: 200, admin: true, method: 'GET', route: `${path}/:id` },
      { name: 'read a state', need: 'read', ok: 200, method: 'GET', route: `${state}/:stateId` },
      { name: 'read an execution of the record', need: 'read', ok: 200, method: 'GET', route: `${path}/:id/query-executions/:executionId` },
      { name: 'read the latest template execution', need: 'read', ok: 200, method: 'GET', route: `${path}/:id/query-executions/templates/:templateId` },
      { name: 'read an execution through the record', need: 'read', ok: 200, method: 'GET', route: '/v1/data-queries/:executionId', query: (p) => ({ [p.field!]: p.id! }) },
      { name: 'update', need: 'write', ok: 200, admin: true, method: 'PUT', route: `${path}/:id`, body: () => changed },
      { name: 'thumbnail', need: 'write', ok: 200, method: 'PUT', route: `${path}/:id/thumbnail`, body: () => ({ contentType: 'image/png' }) },
      { name: 'thumbnail (POST)', need: 'write', ok: 200, method: 'POST', route: `${path}/:id/thumbnail`, body: () => ({ contentType: 'image/png' }) },
      { name: 'link a dataset', need: 'write', ok: 200, method: 'POST', route: `${path}/:id/datasets/:datasetId` },
      { name: 'unlink a dataset', need: 'write', ok: 200, method: 'DELETE', route: `${path}/:id/datasets/:datasetId` },
      { name: 'link a map asset', need: 'write', ok: 200, method: 'POST', route: `${path}/:id/map-assets/:assetId` },
      { name: 'unlink a map asset', need: 'write', ok: 200, method: 'DELETE', route: `${path}/:id/map-assets/:assetId` },
      { name: 'save a state', need: 'write', ok: 201, method: 'POST', route: state, body: (p) => ({ [field]: p.id, data: { zoom: 4 } }) },
      { name: 'update a state', need: 'write', ok: 200, method: 'PUT', route: `${state}/:stateId`, body: () => ({ data: { zoom: 5 } }) },
      { name: 'delete a state', need: 'write', ok: 204, method: 'DELETE', route: `${state}/:stateId` },
      { name: 'attach a template run', need: 'write', ok: 200, method: 'POST', route: '/v1/data-queries/templates/:templateId', body: (p) => ({ [field]: p.id }) },
      {
        name: 'share (record)',
        need: 'write',
        ok: 200,
        admin: true,
        method: 'POST',
        route: `${path}/:id/share`,
        body: (_p, f) => ({ grants: [{ granteeType: 'user', granteeId: f.bystanderId, role: 'viewer' }] }),
      },
      ...sharing(kind),
      ...(publish ? [{ name: 'prepare publishing', need: 'write', ok: 200, method: 'POST', route: `${path}/:id/publish/resources`, body: () => ({ uploadOptions: {} }) } as const] : []),
      { name: 'owner change', need: 'adminMode', ok: 200, admin: true, method: 'PUT', route: `${path}/:id`, body: (_p, f) => ({ ownerId: f.ownerId }) },
      { name: 'take the lock', need: 'write', ok: 200, admin: true, method: 'GET', route: `${path}/:id`, query: () => ({ acquireLock: 'true' }) },
      // Right after taking it: whoever may write now holds the lock and releases it (readers: 403, as nobody holds it).
      { name: 'release the lock', need: 'write', ok: 204, admin: true, method: 'DELETE', route: '/v1/locks/:type/:id' },
      // Hands the lock to the owner, so it comes after every other change.
      { name: 'lock owner change', need: 'write', ok: 200, admin: true, method: 'PUT', route: '/v1/locks/:type/:id/owner', body: (_p, f) => ({ ownerId: f.ownerId }) },
      { name: 'clone', need: 'copy', ok: 201, method: 'POST', route: `${path}/:id/clone` },
      { name: 'delete', need: 'delete', ok: 204, method: 'DELETE', route: `${path}/:id` },
    ],
  };
}

// ---- the other types ----------------------------------------------------------------------------------------------

const dataset: ResourceSpec = {
  name: 'dataset',
  type: 'dataset',
  async create(owner) {
    const created = await owner.call('POST', '/v1/datasets', { name: `dataset ${tag()}` }, 201);
    const id = String(created.id);
    await owner.upload('PUT', `/v1/datasets/${id}/data`, CSV, 'text/csv');
    return { id, datasetTemplateId: owner.fixtures.datasetTemplateId, ...(await bystanderGrant(owner, 'dataset', id)) };
  },
  lists: ['/v1/datasets?limit=1000', '/v1/datasets/for-organization?limit=1000', '/v1/datasets/shared-with-user?limit=1000'],
  listsGrantsOfOthers: true,
  actions: [
    { name: 'read', need: 'read', ok: 200, admin: true, method: 'GET', route: '/v1/datasets/:id' },
    { name: 'maps using it', need: 'read', ok: 200, method: 'GET', route: '/v1/datasets/:id/maps' },
    { name: 'latest data load', need: 'read', ok: 200, method: 'GET', route: '/v1/datasets/:id/query-execution' },
    { name: 'data', need: 'download', ok: 200, method: 'GET', route: '/v1/datasets/:id/data' },
    { name: 'query (POST /query)', need: 'read', ok: 200, method: 'POST', route: '/query', body: (p) => ({ type: 'dataset', props: { uuid: p.id } }) },
    { name: 'query (POST /v1/datasets/query)', need: 'read', ok: 200, method: 'POST', route: '/v1/datasets/query', body: (p) => ({ pipeline: { type: 'dataset', props: { uuid: p.id } } }) },
    { name: 'pipeline metadata', need: 'read', ok: 200, method: 'POST', route: '/tileset/metadata', body: (p) => ({ type: 'dataset', props: { uuid: p.id } }) },
    { name: 'column distinct', need: 'read', ok: 200, method: 'GET', route: '/v1/data-queries/column-distinct', query: (p) => ({ datasetId: p.id!, column: 'city' }) },
    { name: 'query (template over it)', need: 'read', ok: 200, method: 'POST', route: '/v1/data-queries', body: (p) => ({ queryTemplateId: p.datasetTemplateId, datasetId: p.id }) },
    { name: 'query (template run over it)', need: 'read', ok: 200, method: 'POST', route: '/v1/data-queries/templates/:datasetTemplateId', body: (p) => ({ datasetId: p.id }) },
    { name: 'update', need: 'write', ok: 200, admin: true, method: 'PUT', route: '/v1/datasets/:id', body: () => changed },
    { name: 'upload data', need: 'write', ok: 200, method: 'PUT', route: '/v1/datasets/:id/data', raw: { payload: CSV, contentType: 'text/csv' } },
    // Past the write check, a dataset that is not a panel's visits table is refused (append-routes.test.ts appends to one).
    { name: 'append visits', need: 'write', ok: 400, method: 'POST', route: '/v1/datasets/:id/data/append', raw: { payload: CSV, contentType: 'text/csv' } },
    ...sharing('dataset'),
    { name: 'owner change', need: 'adminMode', ok: 200, admin: true, method: 'PUT', route: '/v1/datasets/:id', body: (_p, f) => ({ ownerId: f.ownerId }) },
    { name: 'clone', need: 'copy', ok: 201, method: 'POST', route: '/v1/datasets/:id/clone' },
    { name: 'delete', need: 'delete', ok: 204, method: 'DELETE', route: '/v1/datasets/:id' },
  ],
};

const mapAsset: ResourceSpec = {
  name: 'map-asset',
  type: 'map-asset',
  async create(owner) {
    const body = { type: 'map-style', name: `style ${tag()}`, metadata: { accessToken: SENTINELS.ownStyleToken } };
    const id = String((await owner.call('POST', '/v1/map-assets', body, 201)).id);
    const files = await owner.call('PUT', `/v1/map-assets/${id}/files`, { assetContentType: 'application/json' }, 200);
    await owner.uploadFile(files.assetSignedPostPolicy as { url: string; fields: Record<string, string> }, '{"version":8}', 'application/json');
    return { id, file: 'asset', ...(await bystanderGrant(owner, 'map-asset', id)) };
  },
  lists: ['/v1/map-assets?limit=1000', '/v1/map-assets/for-organization?limit=1000', '/v1/map-assets/shared-with-user?limit=1000'],
  listsGrantsOfOthers: true,
  actions: [
    { name: 'read', need: 'read', ok: 200, method: 'GET', route: '/v1/map-assets/:id' },
    { name: 'data (asset file)', need: 'read', ok: 200, method: 'GET', route: '/v1/map-assets/:id/files/:file' },
    { name: 'update', need: 'write', ok: 200, method: 'PUT', route: '/v1/map-assets/:id', body: () => changed },
    { name: 'thumbnail', need: 'write', ok: 200, method: 'PUT', route: '/v1/map-assets/:id/files', body: () => ({ thumbnailContentType: 'image/png' }) },
    { name: 'thumbnail (POST)', need: 'write', ok: 200, method: 'POST', route: '/v1/map-assets/:id/files', body: () => ({ thumbnailContentType: 'image/png' }) },
    ...sharing('map-asset'),
    { name: 'delete', need: 'delete', ok: 204, method: 'DELETE', route: '/v1/map-assets/:id' },
  ],
};

const project: ResourceSpec = {
  name: 'project',
  type: 'project',
  async create(owner) {
    const id = String((await owner.call('POST', '/v1/projects', { name: `project ${tag()}` }, 201)).id);
    const folder = await owner.call('POST', `/v1/projects/${id}/folders`, { name: 'folder' }, 201);
    const entry = await owner.call('POST', `/v1/projects/${id}/resources`, { resourceType: 'map-style', resourceId: owner.fixtures.styleId }, 201);
    return { id, folderId: String(folder.id), resourceId: String(entry.id), datasetId: owner.fixtures.linkableDatasetId, ...(await bystanderGrant(owner, 'project', id)) };
  },
  lists: ['/v1/projects?limit=1000', '/v1/projects/for-organization?limit=1000'],
  listsGrantsOfOthers: false,
  actions: [
    { name: 'read', need: 'read', ok: 200, method: 'GET', route: '/v1/projects/:id' },
    { name: 'its resources', need: 'read', ok: 200, method: 'GET', route: '/v1/projects/:id/resources' },
    { name: 'its top-level resources', need: 'read', ok: 200, method: 'GET', route: '/v1/projects/:id/folders/root/resources' },
    { name: 'resources of a folder', need: 'read', ok: 200, method: 'GET', route: '/v1/projects/:id/folders/:folderId/resources' },
    { name: 'update', need: 'write', ok: 200, method: 'PUT', route: '/v1/projects/:id', body: () => changed },
    { name: 'thumbnail', need: 'write', ok: 200, method: 'PUT', route: '/v1/projects/:id/thumbnail', body: () => ({ contentType: 'image/png' }) },
    { name: 'thumbnail (POST)', need: 'write', ok: 200, method: 'POST', route: '/v1/projects/:id/thumbnail', body: () => ({ contentType: 'image/png' }) },
    { name: 'add a folder', need: 'write', ok: 201, method: 'POST', route: '/v1/projects/:id/folders', body: () => ({ name: 'another' }) },
    { name: 'rename a folder', need: 'write', ok: 200, method: 'PUT', route: '/v1/projects/:id/folders/:folderId', body: () => ({ name: 'renamed' }) },
    { name: 'add a resource', need: 'write', ok: 201, method: 'POST', route: '/v1/projects/:id/resources', body: (p) => ({ resourceType: 'dataset', resourceId: p.datasetId }) },
    { name: 'move a resource', need: 'write', ok: 200, method: 'PUT', route: '/v1/projects/:id/resources/:resourceId', body: (p) => ({ folderId: p.folderId }) },
    { name: 'remove a resource', need: 'write', ok: 204, method: 'DELETE', route: '/v1/projects/:id/resources/:resourceId' },
    { name: 'delete a folder', need: 'write', ok: 204, method: 'DELETE', route: '/v1/projects/:id/folders/:folderId' },
    ...sharing('project'),
    { name: 'delete', need: 'delete', ok: 204, method: 'DELETE', route: '/v1/projects/:id' },
  ],
};

const queryTemplate: ResourceSpec = {
  name: 'query-template',
  type: 'query-template',
  async create(owner) {
    const id = String((await owner.call('POST', '/v1/data-queries/templates', { name: `template ${tag()}`, template: 'SELECT 42 AS answer' }, 201)).id);
    return { id, ...(await bystanderGrant(owner, 'query-template', id)) };
  },
  lists: ['/v1/data-queries/templates?limit=1000'],
  listsGrantsOfOthers: true,
  actions: [
    { name: 'read', need: 'read', ok: 200, method: 'GET', route: '/v1/data-queries/templates/:id' },
    { name: 'history', need: 'read', ok: 200, method: 'GET', route: '/v1/data-queries/templates/:id/history' },
    { name: 'template run', need: 'read', ok: 200, method: 'POST', route: '/v1/data-queries/templates/:id', body: () => ({}) },
    { name: 'template run to an execution', need: 'read', ok: 201, method: 'POST', route: '/v1/data-queries/templates/:id/executions', body: () => ({}) },
    { name: 'query (POST /v1/data-queries)', need: 'read', ok: 200, method: 'POST', route: '/v1/data-queries', body: (p) => ({ queryTemplateId: p.id }) },
    { name: 'query (POST /v1/data-queries/json)', need: 'read', ok: 200, method: 'POST', route: '/v1/data-queries/json', body: (p) => ({ queryTemplateId: p.id }) },
    { name: 'update', need: 'write', ok: 200, method: 'PUT', route: '/v1/data-queries/templates/:id', body: () => changed },
    ...sharing('query-template'),
    { name: 'delete', need: 'delete', ok: 204, method: 'DELETE', route: '/v1/data-queries/templates/:id' },
  ],
};

const queryBookmark: ResourceSpec = {
  name: 'query-bookmark',
  type: 'query-bookmark',
  async create(owner) {
    const query = { pipeline: { type: 'inline_data', props: { format: 'CSV', data: 'a\n1\n' } } };
    const id = String((await owner.call('POST', '/v1/data-queries/bookmarks', { name: `bookmark ${tag()}`, query }, 201)).id);
    return { id, ...(await bystanderGrant(owner, 'query-bookmark', id)) };
  },
  lists: ['/v1/data-queries/bookmarks?limit=1000', '/v1/data-queries/bookmarks/for-organization?limit=1000'],
  listsGrantsOfOthers: false,
  actions: [
    { name: 'read', need: 'read', ok: 200, method: 'GET', route: '/v1/data-queries/bookmarks/:id' },
    { name: 'update', need: 'write', ok: 200, method: 'PUT', route: '/v1/data-queries/bookmarks/:id', body: () => changed },
    ...sharing('query-bookmark'),
    { name: 'delete', need: 'delete', ok: 204, method: 'DELETE', route: '/v1/data-queries/bookmarks/:id' },
  ],
};

/** Points at a closed local port: calls that connect fail at once, after the access check. */
const connectionOptions = { host: '127.0.0.1', port: 9, database: 'matrix', user: 'matrix', password: SENTINELS.connectionPassword };

const dataConnection: ResourceSpec = {
  name: 'data-connection',
  type: 'data-connection',
  async create(owner) {
    const id = String((await owner.call('POST', '/v1/data-connections', { name: `connection ${tag()}`, type: 'postgres', options: connectionOptions }, 201)).id);
    return { id, connectionId: id, '*': 'public', ...(await bystanderGrant(owner, 'data-connection', id)) };
  },
  lists: ['/v1/data-connections', '/v1/data-connections/for-organization'],
  listsGrantsOfOthers: false,
  actions: [
    { name: 'read', need: 'read', ok: 200, admin: true, method: 'GET', route: '/v1/data-connections/:id' },
    { name: 'its datasets', need: 'read', ok: 200, admin: true, method: 'GET', route: '/v1/data-connections/:id/datasets' },
    { name: 'connections to the same server', need: 'read', ok: 200, admin: true, method: 'GET', route: '/v1/data-connections/:id/connections' },
    { name: 'schema', need: 'read', ok: 'reached', method: 'GET', route: '/v1/data-queries/schema/:connectionId' },
    { name: 'schema of a path', need: 'read', ok: 'reached', method: 'GET', route: '/v1/data-queries/schema/:connectionId/*' },
    { name: 'test the connection', need: 'read', ok: 'reached', method: 'POST', route: '/v1/test-connection', body: (p) => ({ connectionId: p.id }) },
    { name: 'query', need: 'read', ok: 'reached', method: 'POST', route: '/v1/data-queries', body: (p) => ({ connectionId: p.id, query: 'SELECT 1' }) },
    { name: 'query (json)', need: 'read', ok: 'reached', method: 'POST', route: '/v1/data-queries/json', body: (p) => ({ connectionId: p.id, query: 'SELECT 1' }) },
    // A PostgreSQL connection: readers reach the storage calls and get 422 'Not a storage connection'.
    { name: 'browse storage', need: 'read', ok: 'reached', method: 'GET', route: '/v1/data-connections/:id/objects' },
    { name: 'import from storage', need: 'read', ok: 'reached', method: 'POST', route: '/v1/data-connections/:id/import', body: () => ({ key: 'exports/points.csv' }) },
    { name: 'update', need: 'write', ok: 200, admin: true, method: 'PUT', route: '/v1/data-connections/:id', body: () => ({ name: 'changed by the matrix' }) },
    ...sharing('data-connection'),
    { name: 'delete', need: 'delete', ok: 204, admin: true, method: 'DELETE', route: '/v1/data-connections/:id' },
  ],
};

/** Points for the hex tileset: two days around one spot. */
const POINTS_CSV = 'lat,lng,day,visits\n48.86,2.35,2024-03-01,3\n48.87,2.36,2024-03-02,5\n';
const HEX_TILE = latLngToCell(48.86, 2.35, 1);

/** A hex tileset (a dataset of type hex-tile) and the tile proxy's routes over it (modules/tiles). */
const hexTileset: ResourceSpec = {
  name: 'hex tileset',
  type: 'dataset',
  async create(owner) {
    const points = String((await owner.call('POST', '/v1/datasets', { name: `points ${tag()}` }, 201)).id);
    await owner.upload('PUT', `/v1/datasets/${points}/data`, POINTS_CSV, 'text/csv');
    const build = { source: points, sourceLatColumn: 'lat', sourceLngColumn: 'lng', finestResolution: 4, sourceTimeColumn: 'day', timeIntervals: ['Y', 'D'], targetResOffset: 2 };
    const id = String((await owner.call('POST', '/v1/datasets/hextile', build, 202)).id);
    while ((await owner.call('GET', `/v1/datasets/${id}`, undefined, 200)).status === 'pending') await new Promise((resolve) => setTimeout(resolve, 20));
    return { id, datasetId: id, z: '1', hexId: HEX_TILE, res: '2', interval: 'D', '*': '2024', ...(await bystanderGrant(owner, 'dataset', id)) };
  },
  lists: ['/v1/datasets?limit=1000', '/v1/datasets/for-organization?limit=1000', '/v1/datasets/shared-with-user?limit=1000'],
  listsGrantsOfOthers: true,
  actions: [
    { name: 'read', need: 'read', ok: 200, admin: true, method: 'GET', route: '/v1/datasets/:id' },
    { name: 'tile', need: 'read', ok: 200, method: 'GET', route: '/v1/tileset/:datasetId/:z/:hexId' },
    { name: 'tile of a time bucket', need: 'read', ok: 200, method: 'GET', route: '/v1/tileset/:datasetId/:z/:hexId/time/*' },
    { name: 'tile over an interval', need: 'read', ok: 200, method: 'GET', route: '/v1/tileset/:datasetId/:z/:hexId/range/:interval' },
    { name: 'tileset metadata', need: 'read', ok: 200, method: 'GET', route: '/v1/tileset/:datasetId/metadata' },
    { name: 'tileset index', need: 'read', ok: 200, method: 'GET', route: '/v1/tileset/:datasetId/tileset-index' },
    { name: 'quantiles', need: 'read', ok: 200, method: 'GET', route: '/v1/tileset/:datasetId/:res/quantiles' },
    { name: 'quantiles per interval', need: 'read', ok: 200, method: 'GET', route: '/v1/tileset/:datasetId/:res/quantiles/:interval' },
  ],
};

/** A vector tileset (a dataset of type vector-tile, format pmtiles) and its tile routes (modules/vector-tiles). */
const vectorTileset: ResourceSpec = {
  name: 'vector tileset',
  type: 'dataset',
  async create(owner) {
    const points = String((await owner.call('POST', '/v1/datasets', { name: `vector points ${tag()}` }, 201)).id);
    await owner.upload('PUT', `/v1/datasets/${points}/data`, 'lat,lng,visits\n48.86,2.35,3\n41.9,12.5,5\n', 'text/csv');
    const id = String((await owner.call('POST', '/v1/datasets/vectortile', { source: points, format: 'pmtiles', maxZoom: 2 }, 202)).id);
    while ((await owner.call('GET', `/v1/datasets/${id}`, undefined, 200)).status === 'pending') await new Promise((resolve) => setTimeout(resolve, 20));
    return { id, ...(await bystanderGrant(owner, 'dataset', id)) };
  },
  lists: ['/v1/datasets?limit=1000', '/v1/datasets/for-organization?limit=1000', '/v1/datasets/shared-with-user?limit=1000'],
  listsGrantsOfOthers: true,
  actions: [
    { name: 'read', need: 'read', ok: 200, admin: true, method: 'GET', route: '/v1/datasets/:id' },
    { name: 'TileJSON', need: 'read', ok: 200, method: 'GET', route: '/v1/datasets/:id/tiles.json' },
    { name: 'vector tile', need: 'read', ok: 200, method: 'GET', route: '/v1/datasets/:id/tiles/:z/:x/:y.pbf', params: () => ({ z: '0', x: '0', y: '0' }) },
    { name: 'PMTiles archive', need: 'read', ok: 200, method: 'GET', route: '/v1/datasets/:id/tiles.pmtiles' },
  ],
};

/** Every resource type of the spec (§3 Resource types), dashboards as the insights they are. */
export const RESOURCES: ResourceSpec[] = [
  recordSpec('map', 'map', '/v1/maps'),
  recordSpec('insight', 'insight', '/v1/insights'),
  recordSpec('dashboard', 'insight', '/v1/dashboards'),
  recordSpec('workbook', 'workbook', '/v1/workbooks'),
  dataset,
  hexTileset,
  vectorTileset,
  mapAsset,
  project,
  queryTemplate,
  queryBookmark,
  dataConnection,
];

/** Fills a declared route's `:name` and `*` parameters from the case. */
export function fillRoute(route: string, params: CaseParams): string {
  return route.replace(/:(\w+)|\*$/g, (match, name: string | undefined) => {
    const value = params[name ?? '*'];
    if (value === undefined) throw new Error(`no value for ${match} in ${route}`);
    return encodeURIComponent(value);
  });
}
