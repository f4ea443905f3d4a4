import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, demoIds, OWNER_ACTIONS, userId, type TestUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe.each(testStores())('datasets on $name', (store) => {
  const h = useHarness(store);
  let analyst = '';
  let demoOrg = '';
  let outsider: TestUser;
  let tiny: TestUser;

  beforeAll(async () => {
    ({ analyst, demoOrg } = await demoIds(h.db));
    outsider = await addUser(h.db, { email: 'outsider@datasets.test', organization: 'Datasets Other' });
    tiny = await addUser(h.db, { email: 'tiny@datasets.test', organization: 'Datasets Tiny' });
    await h.db.query(
      `INSERT INTO quota_policies (id, name, limits) VALUES ('tiny-datasets', 'Tiny', '{"maps":0,"datasets":1,"insights":0,"workbooks":0,"dataConnections":0,"storageMegabytes":0}')`,
    );
    await h.db.query("UPDATE users SET quota_policy_id = 'tiny-datasets' WHERE id = $1", [tiny.id]);
  });

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = async (email: string | null, method: Method, url: string, payload?: unknown) =>
    h.app.inject({ method, url, headers: email ? await h.auth(email) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const create = async (email: string, payload: object = {}) => {
    const response = await call(email, 'POST', '/v1/datasets', { name: `Dataset ${randomUUID().slice(0, 8)}`, ...payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const row = async (id: string) => (await h.db.query('SELECT * FROM datasets WHERE id = $1', [id]))[0];
  const grant = (id: string, granteeType: string, granteeId: string, role: string) =>
    h.db.query('INSERT INTO permissions (id, resource_type, resource_id, grantee_type, grantee_id, role) VALUES ($1, $2, $3, $4, $5, $6)', [
      randomUUID(),
      'dataset',
      id,
      granteeType,
      granteeId,
      role,
    ]);

  /** A data connection straight into its table (the connection module has its own tests). */
  const addConnection = async (ownerId: string, organizationId: string, visibility = 'private') => {
    const id = randomUUID();
    await h.db.query(`INSERT INTO data_connections (id, organization_id, owner_id, name, visibility, type) VALUES ($1, $2, $3, 'Warehouse', $4, 'postgres')`, [
      id,
      organizationId,
      ownerId,
      visibility,
    ]);
    return id;
  };

  it('creates a dataset with status new and answers it exactly', async () => {
    const connection = await addConnection(analyst, demoOrg);
    const response = await call('analyst@example.com', 'POST', '/v1/datasets', {
      name: 'Stores',
      description: 'All stores',
      type: 'sql',
      metadata: { contentType: 'text/csv', type: 'sql', source: 'warehouse', cache: { maxAge: 60 }, custom: [1, 2] },
      dataConnectionId: connection,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(String),
      name: 'Stores',
      description: 'All stores',
      type: 'sql',
      metadata: { contentType: 'text/csv', type: 'sql', source: 'warehouse', cache: { maxAge: 60 }, custom: [1, 2] },
      status: 'new',
      errorMessage: null,
      dataConnection: { id: connection },
      tags: [],
      ownerId: analyst,
      owner: { id: analyst, name: 'Demo Analyst' },
      organizationId: demoOrg,
      visibility: 'private',
      actions: OWNER_ACTIONS,
      createdAt: ISO,
      updatedAt: ISO,
    });
    const read = await call('analyst@example.com', 'GET', `/v1/datasets/${body.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(body);

    const minimal = await create('analyst@example.com', { name: 'Minimal' });
    expect(minimal).toMatchObject({ name: 'Minimal', description: '', type: 'managed', metadata: {}, status: 'new', dataConnection: null });
  });


  it('refuses a dataConnectionId the caller cannot read (404, nothing stored) and takes a public_read one', async () => {
    const foreign = await addConnection(outsider.id, outsider.organizationId);
    const before = await h.count('datasets');
    for (const dataConnectionId of [foreign, randomUUID()]) {
      const response = await call('analyst@example.com', 'POST', '/v1/datasets', { name: 'Borrowed', dataConnectionId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Data connection not found', details: `No data connection with id ${dataConnectionId}`, appStatusCode: 'NOT_FOUND' });
    }
    expect(await h.count('datasets')).toBe(before);
    const shared = await addConnection(outsider.id, outsider.organizationId, 'public_read');
    expect((await create('analyst@example.com', { dataConnectionId: shared })).dataConnection).toEqual({ id: shared });
  });
  it('shows the tags attached to the dataset', async () => {
    const dataset = await create('analyst@example.com');
    const tag = randomUUID();
    await h.db.query("INSERT INTO tags (id, organization_id, name, color) VALUES ($1, $2, 'Zeta', '#00ff00')", [tag, demoOrg]);
    await h.db.query("INSERT INTO resource_tags (tag_id, resource_type, resource_id) VALUES ($1, 'dataset', $2)", [tag, dataset.id]);
    const read = await call('analyst@example.com', 'GET', `/v1/datasets/${dataset.id}`);
    expect(read.json().tags).toEqual([{ id: tag, name: 'Zeta', color: '#00ff00' }]);
  });

  it.each([
    ['an unknown field', { name: 'x', owner: 'me' }],
    ['an id', { id: randomUUID(), name: 'x' }],
    ['an empty name', { name: '' }],
    ['a long name', { name: 'x'.repeat(201) }],
    ['an unknown type', { name: 'x', type: 'csv' }],
    ['an unknown metadata type', { name: 'x', metadata: { type: 'file' } }],
    ['a bad data connection id', { name: 'x', dataConnectionId: 'nope' }],
  ])('refuses %s on create with 400 and stores nothing', async (_, payload) => {
    const before = await h.count('datasets');
    const response = await call('analyst@example.com', 'POST', '/v1/datasets', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Invalid request body', appStatusCode: 'VALIDATION_FAILED' });
    expect(await h.count('datasets')).toBe(before);
  });

  it('refuses metadata over 1 MB with 422', async () => {
    const before = await h.count('datasets');
    const response = await call('analyst@example.com', 'POST', '/v1/datasets', { name: 'Big', metadata: { blob: 'x'.repeat(1024 * 1024) } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Dataset metadata is too large', details: `${1024 * 1024 + 11} bytes; at most 1048576`, appStatusCode: 'INVALID_INPUT' });
    expect(await h.count('datasets')).toBe(before);
  });

  it('refuses creation to a viewer seat (403) and past the quota (402), storing nothing', async () => {
    const before = await h.count('datasets');
    const viewer = await call('viewer@example.com', 'POST', '/v1/datasets', { name: 'Nope' });
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toEqual({ message: 'A viewer seat cannot create datasets', details: 'Ask an administrator for a maker seat', appStatusCode: 'FORBIDDEN' });
    expect(await h.count('datasets')).toBe(before);

    const first = await create(tiny.email);
    const second = await call(tiny.email, 'POST', '/v1/datasets', { name: 'Second' });
    expect(second.statusCode).toBe(402);
    expect(second.json()).toEqual({ message: 'Quota exceeded for datasets', details: '1 of 1 used', appStatusCode: 'QUOTA_EXCEEDED' });
    const clone = await call(tiny.email, 'POST', `/v1/datasets/${first.id}/clone`);
    expect(clone.statusCode).toBe(402);
    expect(await h.count('datasets')).toBe(before + 1);
  });

  it('hides a dataset from another organization (404) and lets organization members read but not write', async () => {
    const dataset = await create('analyst@example.com', { name: 'Private' });
    const outside = await call(outsider.email, 'GET', `/v1/datasets/${dataset.id}`);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ message: 'Dataset not found', details: `No dataset with id ${dataset.id}`, appStatusCode: 'NOT_FOUND' });
    expect((await call('viewer@example.com', 'GET', `/v1/datasets/${dataset.id}`)).statusCode).toBe(200);
    const write = await call('admin@example.com', 'PUT', `/v1/datasets/${dataset.id}`, { name: 'Changed' });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ message: 'You do not have write permission on this dataset', details: `dataset ${dataset.id}`, appStatusCode: 'FORBIDDEN' });
    expect((await call(outsider.email, 'PUT', `/v1/datasets/${dataset.id}`, { name: 'Changed' })).statusCode).toBe(404);
    expect((await call(outsider.email, 'DELETE', `/v1/datasets/${dataset.id}`)).statusCode).toBe(404);
    expect((await row(dataset.id))?.name).toBe('Private');
  });

  it('answers 400 for a bad uuid and 404 for an unknown one', async () => {
    const bad = await call('analyst@example.com', 'GET', '/v1/datasets/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Invalid request path parameter', appStatusCode: 'VALIDATION_FAILED' });
    expect((await call('analyst@example.com', 'DELETE', '/v1/datasets/not-a-uuid')).statusCode).toBe(400);
    expect((await call('analyst@example.com', 'GET', `/v1/datasets/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('lists own, organization, sample and shared datasets, each narrowed by the access check', async () => {
    const own = await create(outsider.email, { name: 'Own listing A', type: 'sql' });
    const own2 = await create(outsider.email, { name: 'Own listing B' });
    const demo = await create('analyst@example.com', { name: 'Demo listing shared' });
    const demoHidden = await create('analyst@example.com', { name: 'Demo listing hidden' });
    const sample = await create('analyst@example.com', { name: 'Demo sample private' });
    const publicSample = await create('analyst@example.com', { name: 'Demo sample public' });
    await h.db.query('UPDATE datasets SET is_sample = true WHERE id = ANY($1::uuid[])', [[sample.id, publicSample.id]]);
    await h.db.query("UPDATE datasets SET visibility = 'public_read' WHERE id = $1", [publicSample.id]);
    await grant(demo.id, 'user', outsider.id, 'viewer');
    await h.db.query("UPDATE datasets SET status = 'ready' WHERE id = $1", [own2.id]);

    const ids = async (url: string, email = outsider.email) => {
      const response = await call(email, 'GET', url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const mine = await ids('/v1/datasets');
    expect(mine.total).toBe(2);
    expect(mine.items.map((d: { id: string }) => d.id).sort()).toEqual([own.id, own2.id].sort());
    expect((await ids('/v1/datasets?type=sql')).items.map((d: { id: string }) => d.id)).toEqual([own.id]);
    expect((await ids('/v1/datasets?status=ready')).items.map((d: { id: string }) => d.id)).toEqual([own2.id]);
    expect((await ids('/v1/datasets?search=listing%20b')).items.map((d: { id: string }) => d.id)).toEqual([own2.id]);
    const paged = await ids('/v1/datasets?limit=1&offset=1');
    expect(paged.total).toBe(2);
    expect(paged.items).toHaveLength(1);

    const organization = await ids('/v1/datasets/for-organization');
    expect(organization.items.map((d: { id: string }) => d.id).sort()).toEqual([own.id, own2.id].sort());
    const shared = await ids('/v1/datasets/shared-with-user');
    expect(shared).toEqual({ items: [expect.objectContaining({ id: demo.id, name: 'Demo listing shared' })], total: 1 });
    const samples = await ids('/v1/datasets/sample');
    expect(samples.items.map((d: { id: string }) => d.id)).toEqual([publicSample.id]);
    const demoSamples = await ids('/v1/datasets/sample', 'viewer@example.com');
    expect(demoSamples.items.map((d: { id: string }) => d.id).sort()).toEqual([sample.id, publicSample.id].sort());
    const demoOrgList = await ids('/v1/datasets/for-organization?search=demo%20listing', 'viewer@example.com');
    expect(demoOrgList.items.map((d: { id: string }) => d.id).sort()).toEqual([demo.id, demoHidden.id].sort());
    // The owner's own dataset is never "shared with" them, even if a grant names them.
    await grant(own.id, 'organization', outsider.organizationId, 'editor');
    expect((await ids('/v1/datasets/shared-with-user')).total).toBe(1);
  });

  it.each([['limit=0'], ['limit=1001'], ['offset=-1'], ['type=csv'], ['unknown=1']])('refuses the list query %s with 400', async (query) => {
    const response = await call('analyst@example.com', 'GET', `/v1/datasets?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Invalid request query string', appStatusCode: 'VALIDATION_FAILED' });
  });

  it('updates name, description, type and metadata (replaced as a whole) with write access', async () => {
    const dataset = await create('analyst@example.com', { metadata: { a: 1, contentType: 'text/csv' } });
    const response = await call('analyst@example.com', 'PUT', `/v1/datasets/${dataset.id}`, { name: 'Renamed', description: 'D', type: 'wms', metadata: { b: 2 } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...dataset, name: 'Renamed', description: 'D', type: 'wms', metadata: { b: 2 }, updatedAt: ISO });
    expect(Date.parse(response.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(dataset.updatedAt));

    await grant(dataset.id, 'user', outsider.id, 'editor');
    const byEditor = await call(outsider.email, 'PUT', `/v1/datasets/${dataset.id}`, { description: 'By editor' });
    expect(byEditor.json()).toMatchObject({ name: 'Renamed', description: 'By editor', ownerId: analyst });
  });

  it.each([
    ['an unknown field', { status: 'ready' }],
    ['an empty body', {}],
    ['a bad owner id', { ownerId: 'x' }],
  ])('refuses %s on update with 400 and changes nothing', async (_, payload) => {
    const dataset = await create('analyst@example.com');
    const before = await row(dataset.id);
    const response = await call('analyst@example.com', 'PUT', `/v1/datasets/${dataset.id}`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().appStatusCode).toBe('VALIDATION_FAILED');
    expect(await row(dataset.id)).toEqual(before);
  });

  it('transfers ownership in admin mode only, to a maker of the dataset organization', async () => {
    const dataset = await create('analyst@example.com');
    const before = await row(dataset.id);
    const notAdminMode = await call('analyst@example.com', 'PUT', `/v1/datasets/${dataset.id}`, { ownerId: outsider.id });
    expect(notAdminMode.statusCode).toBe(403);
    expect(notAdminMode.json()).toEqual({ message: 'Changing the owner needs admin mode', details: 'Send isAdmin=true as an administrator', appStatusCode: 'FORBIDDEN' });
    const notAdmin = await call('analyst@example.com', 'PUT', `/v1/datasets/${dataset.id}?isAdmin=true`, { ownerId: outsider.id });
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json().message).toBe('Administrator rights required');
    const unknown = randomUUID();
    const unknownOwner = await call('admin@example.com', 'PUT', `/v1/datasets/${dataset.id}?isAdmin=true`, { ownerId: unknown });
    expect(unknownOwner.statusCode).toBe(422);
    expect(unknownOwner.json()).toEqual({ message: 'New owner not found', details: `No user with id ${unknown}`, appStatusCode: 'INVALID_INPUT' });
    expect(await row(dataset.id)).toEqual(before);

    const outside = await call('admin@example.com', 'PUT', `/v1/datasets/${dataset.id}?isAdmin=true`, { ownerId: outsider.id });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().message).toBe('The new owner is not a member of the organization');
    expect(await row(dataset.id)).toEqual(before);

    const admin = await userId(h.db, 'admin@example.com');
    const moved = await call('admin@example.com', 'PUT', `/v1/datasets/${dataset.id}?isAdmin=true`, { ownerId: admin });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ ownerId: admin, organizationId: demoOrg });
    expect((await call('analyst@example.com', 'PUT', `/v1/datasets/${dataset.id}`, { name: 'Not mine' })).statusCode).toBe(403);
    expect((await call('admin@example.com', 'GET', `/v1/datasets/${dataset.id}`)).json().ownerId).toBe(admin);
  });

  it('clones into a dataset owned by the caller, with the copy action', async () => {
    const source = await create('analyst@example.com', { name: 'Source', type: 'sql', metadata: { type: 'sql', q: 1 } });
    await h.db.query("UPDATE datasets SET status = 'error', error_message = 'boom' WHERE id = $1", [source.id]);
    const response = await call('admin@example.com', 'POST', `/v1/datasets/${source.id}/clone`);
    expect(response.statusCode).toBe(201);
    const admin = await userId(h.db, 'admin@example.com');
    expect(response.json()).toEqual({
      ...source,
      id: expect.not.stringMatching(source.id),
      name: 'Source (copy)',
      status: 'error',
      errorMessage: 'boom',
      ownerId: admin,
      owner: { id: admin, name: 'Demo Administrator' },
      createdAt: ISO,
      updatedAt: ISO,
    });

    expect((await call('viewer@example.com', 'POST', `/v1/datasets/${source.id}/clone`)).statusCode).toBe(403);
    expect((await call(outsider.email, 'POST', `/v1/datasets/${source.id}/clone`)).statusCode).toBe(404);
    await grant(source.id, 'user', outsider.id, 'limited-viewer');
    const before = await h.count('datasets');
    const limited = await call(outsider.email, 'POST', `/v1/datasets/${source.id}/clone`);
    expect(limited.statusCode).toBe(403);
    expect(limited.json().message).toBe('You do not have copy permission on this dataset');
    expect(await h.count('datasets')).toBe(before);
  });

  it('deletes with the delete action, forgetting grants, tags, map links and project entries', async () => {
    const dataset = await create('analyst@example.com');
    const map = randomUUID();
    const project = randomUUID();
    const tag = randomUUID();
    await h.db.query("INSERT INTO records (id, kind, organization_id, owner_id, name) VALUES ($1, 'map', $2, $3, 'Uses it')", [map, demoOrg, analyst]);
    await h.db.query('INSERT INTO record_datasets (record_id, dataset_id) VALUES ($1, $2)', [map, dataset.id]);
    await h.db.query("INSERT INTO projects (id, organization_id, owner_id, name) VALUES ($1, $2, $3, 'P')", [project, demoOrg, analyst]);
    await h.db.query("INSERT INTO project_resources (id, project_id, resource_type, resource_id) VALUES ($1, $2, 'dataset', $3)", [randomUUID(), project, dataset.id]);
    await h.db.query("INSERT INTO tags (id, organization_id, name, color) VALUES ($1, $2, $3, '#000000')", [tag, demoOrg, `t-${tag}`]);
    await h.db.query("INSERT INTO resource_tags (tag_id, resource_type, resource_id) VALUES ($1, 'dataset', $2)", [tag, dataset.id]);
    await grant(dataset.id, 'user', outsider.id, 'viewer');

    expect((await call('admin@example.com', 'DELETE', `/v1/datasets/${dataset.id}`)).statusCode).toBe(403);
    expect(await row(dataset.id)).toBeDefined();
    const response = await call('analyst@example.com', 'DELETE', `/v1/datasets/${dataset.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await row(dataset.id)).toBeUndefined();
    for (const [sql, id] of [
      ['SELECT 1 FROM permissions WHERE resource_id = $1', dataset.id],
      ['SELECT 1 FROM resource_tags WHERE resource_id = $1', dataset.id],
      ['SELECT 1 FROM project_resources WHERE resource_id = $1', dataset.id],
      ['SELECT 1 FROM record_datasets WHERE dataset_id = $1', dataset.id],
    ] as const) {
      expect(await h.db.query(sql, [id]), sql).toEqual([]);
    }
    expect(await h.db.query('SELECT 1 FROM records WHERE id = $1', [map])).toHaveLength(1);
    expect((await call('analyst@example.com', 'DELETE', `/v1/datasets/${dataset.id}`)).statusCode).toBe(404);
  });

  it('lists the maps using the dataset that the caller can read', async () => {
    const dataset = await create('analyst@example.com');
    await grant(dataset.id, 'user', outsider.id, 'viewer');
    const visible = randomUUID();
    const hidden = randomUUID();
    const insight = randomUUID();
    await h.db.query("INSERT INTO records (id, kind, organization_id, owner_id, name) VALUES ($1, 'map', $2, $3, 'Outsider map')", [visible, outsider.organizationId, outsider.id]);
    await h.db.query("INSERT INTO records (id, kind, organization_id, owner_id, name) VALUES ($1, 'map', $2, $3, 'Demo map')", [hidden, demoOrg, analyst]);
    await h.db.query("INSERT INTO records (id, kind, organization_id, owner_id, name) VALUES ($1, 'insight', $2, $3, 'Demo insight')", [insight, demoOrg, analyst]);
    for (const record of [visible, hidden, insight]) await h.db.query('INSERT INTO record_datasets (record_id, dataset_id) VALUES ($1, $2)', [record, dataset.id]);

    const forOutsider = await call(outsider.email, 'GET', `/v1/datasets/${dataset.id}/maps`);
    expect(forOutsider.statusCode).toBe(200);
    expect(forOutsider.json()).toEqual({ items: [{ id: visible, name: 'Outsider map', updatedAt: ISO }], total: 1 });
    const forOwner = (await call('analyst@example.com', 'GET', `/v1/datasets/${dataset.id}/maps`)).json();
    expect(forOwner.items.map((m: { id: string }) => m.id)).toEqual([hidden]);
    expect((await call(tiny.email, 'GET', `/v1/datasets/${dataset.id}/maps`)).statusCode).toBe(404);
  });

  it('needs a signed-in caller except for search', async () => {
    expect((await call(null, 'GET', '/v1/datasets')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/v1/datasets', { name: 'x' })).statusCode).toBe(401);
    expect((await call(null, 'GET', '/v1/datasets/search')).statusCode).toBe(200);
  });

  describe('public search', () => {
    let open: { id: string };
    let openSample: { id: string };
    beforeAll(async () => {
      open = await create('analyst@example.com', { name: 'Searchable 100% open', description: 'coffee shops', type: 'sql' });
      openSample = await create(outsider.email, { name: 'Searchable other', description: 'Coffee beans' });
      await create('analyst@example.com', { name: 'Searchable private', description: 'coffee private' });
      await h.db.query("UPDATE datasets SET visibility = 'public_read' WHERE id = ANY($1::uuid[])", [[open.id, openSample.id]]);
    });

    it('finds only public_read datasets, without a token, answering public fields only', async () => {
      const response = await call(null, 'GET', '/v1/datasets/search?query=COFFEE');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.total).toBe(2);
      expect(body.items.map((d: { id: string }) => d.id).sort()).toEqual([open.id, openSample.id].sort());
      expect(body.items.find((d: { id: string }) => d.id === open.id)).toEqual({
        id: open.id,
        name: 'Searchable 100% open',
        description: 'coffee shops',
        type: 'sql',
        status: 'new',
        updatedAt: ISO,
      });
    });

    it('stays public-only when a token is sent, even an invalid one', async () => {
      const signedIn = await call('analyst@example.com', 'GET', '/v1/datasets/search?query=coffee');
      expect(signedIn.json().total).toBe(2);
      const stale = await h.app.inject({ url: '/v1/datasets/search?query=coffee', headers: { authorization: 'Bearer nonsense' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.json().total).toBe(2);
    });

    it('matches % and _ literally and pages with limit and offset', async () => {
      const percent = (await call(null, 'GET', '/v1/datasets/search?query=100%25')).json();
      expect(percent.items.map((d: { id: string }) => d.id)).toEqual([open.id]);
      expect((await call(null, 'GET', '/v1/datasets/search?query=_')).json().total).toBe(0);
      const page = (await call(null, 'GET', '/v1/datasets/search?query=coffee&limit=1&offset=1')).json();
      expect(page.total).toBe(2);
      expect(page.items).toHaveLength(1);
    });

    it.each([['limit=101'], ['limit=0'], ['search=x'], ['offset=-1']])('refuses %s with 400', async (query) => {
      const response = await call(null, 'GET', `/v1/datasets/search?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().appStatusCode).toBe('VALIDATION_FAILED');
    });
  });

  it('sorts listings by an allowed column and order (default updatedAt desc), pages them, and names owners without emails', async () => {
    const owner = await addUser(h.db, { email: 'sorter@datasets.test', organization: 'Datasets Sorting' });
    const headers = await h.auth(owner.email);
    const ids: Record<string, string> = {};
    for (const [name, size] of [['beta', 30], ['Alpha', 10], ['gamma', null], ['delta', 'big']] as const) {
      const created = await create(owner.email, { name, metadata: size === null ? {} : { sizeBytes: size } });
      ids[name] = created.id;
    }
    // Distinct creation times, in an order unlike the names'.
    const times: Record<string, string> = { beta: '2024-01-03', Alpha: '2024-01-01', gamma: '2024-01-04', delta: '2024-01-02' };
    for (const [name, day] of Object.entries(times)) await h.db.query('UPDATE datasets SET created_at = $2::timestamptz, updated_at = $2::timestamptz WHERE id = $1', [ids[name], `${day}T00:00:00Z`]);
    await h.db.query('UPDATE datasets SET updated_at = $2::timestamptz WHERE id = $1', [ids.Alpha, '2024-02-01T00:00:00Z']);
    const get = (query: string) => h.app.inject({ method: 'GET', url: `/v1/datasets${query}`, headers });
    const names = async (query: string) => {
      const response = await get(query);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().items as { name: string }[]).map((item) => item.name);
    };
    expect(await names('')).toEqual(['Alpha', 'gamma', 'beta', 'delta']);
    expect(await names('?sort=name&order=asc')).toEqual(['Alpha', 'beta', 'delta', 'gamma']);
    expect(await names('?sort=name')).toEqual(['gamma', 'delta', 'beta', 'Alpha']);
    expect(await names('?sort=createdAt&order=asc')).toEqual(['Alpha', 'delta', 'beta', 'gamma']);
    expect(await names('?sort=updatedAt&order=asc')).toEqual(['delta', 'beta', 'gamma', 'Alpha']);
    // No size, or one that is not a number, comes last either way.
    const bySize = await names('?sort=sizeBytes&order=asc');
    expect(bySize.slice(0, 2)).toEqual(['Alpha', 'beta']);
    expect(bySize.slice(2).sort()).toEqual(['delta', 'gamma']);
    expect((await names('?sort=sizeBytes&order=desc')).slice(0, 2)).toEqual(['beta', 'Alpha']);
    expect(await names('?sort=name&order=asc&limit=2&offset=1')).toEqual(['beta', 'delta']);
    for (const bad of ['?sort=owner_id', '?sort=name;DROP TABLE datasets', '?order=up']) {
      const response = await get(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().appStatusCode).toBe('VALIDATION_FAILED');
    }
    const listed = await get('?sort=name&order=asc&limit=1');
    expect(listed.json().items[0].owner).toEqual({ id: owner.id, name: 'sorter' });
    expect(JSON.stringify(listed.json())).not.toContain('sorter@datasets.test');
    expect(await names('/for-organization?sort=name&order=asc&limit=2')).toEqual(['Alpha', 'beta']);
  });

  it('sorts by type, by status (usable first) and by row count (no rows last), across pages without overlap', async () => {
    const owner = await addUser(h.db, { email: 'status-sorter@datasets.test', organization: 'Datasets Status Sorting' });
    const headers = await h.auth(owner.email);
    const rows: Array<[string, string, number | null]> = [['one', 'error', 5], ['two', 'ready', 500], ['three', 'new', null], ['four', 'pending', 50], ['five', 'ready', 5000]];
    for (const [name, status, rowCount] of rows) {
      const created = await create(owner.email, { name, metadata: rowCount === null ? {} : { rowCount } });
      await h.db.query('UPDATE datasets SET status = $2 WHERE id = $1', [created.id, status]);
    }
    const names = async (query: string) => {
      const response = await h.app.inject({ method: 'GET', url: `/v1/datasets${query}`, headers });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().items as { name: string }[]).map((item) => item.name);
    };
    const byStatus = await names('?sort=status&order=asc');
    expect(byStatus.slice(0, 2).sort()).toEqual(['five', 'two']);
    expect(byStatus.slice(2)).toEqual(['four', 'three', 'one']);
    expect(await names('?sort=rowCount&order=desc')).toEqual(['five', 'two', 'four', 'one', 'three']);
    expect(await names('?sort=rowCount&order=asc')).toEqual(['one', 'four', 'two', 'five', 'three']);
    // Two pages of one order hold every dataset once.
    const pages = [...(await names('?sort=status&order=desc&limit=3')), ...(await names('?sort=status&order=desc&limit=3&offset=3'))];
    expect(pages.slice(0, 3)).toEqual(['one', 'three', 'four']);
    expect([...pages].sort()).toEqual(['five', 'four', 'one', 'three', 'two']);
    await h.db.query(`UPDATE datasets SET type = 'sql' WHERE name = 'two' AND owner_id = $1`, [owner.id]);
    expect((await names('?sort=type&order=desc&limit=1'))).toEqual(['two']);
    expect((await names('?sort=type&order=asc')).at(-1)).toBe('two');
  });
});
