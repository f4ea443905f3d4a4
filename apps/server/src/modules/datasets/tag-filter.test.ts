// GET /v1/datasets?tagId=…: only datasets carrying every tag asked for, counted and paged after the filter; tags of
// another organization match nothing (docs/tags.md).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, demoIds, type TestUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';

describe.each(testStores())('dataset listing by tag on $name', (store) => {
  const h = useHarness(store);
  let analyst = '';
  let demoOrg = '';
  let outsider: TestUser;

  beforeAll(async () => {
    ({ analyst, demoOrg } = await demoIds(h.db));
    outsider = await addUser(h.db, { email: 'outsider@tag-filter.test', organization: 'Tag Filter Other' });
  });

  const dataset = async (name: string, owner = analyst, org = demoOrg) => {
    const id = randomUUID();
    await h.db.query("INSERT INTO datasets (id, organization_id, owner_id, name, type) VALUES ($1, $2, $3, $4, 'managed')", [id, org, owner, name]);
    return id;
  };
  const tag = async (name: string, org = demoOrg) => {
    const id = randomUUID();
    await h.db.query("INSERT INTO tags (id, organization_id, name, color) VALUES ($1, $2, $3, '#2563eb')", [id, org, name]);
    return id;
  };
  const attach = (tagId: string, datasetId: string) =>
    h.db.query("INSERT INTO resource_tags (tag_id, resource_type, resource_id) VALUES ($1, 'dataset', $2)", [tagId, datasetId]);
  const list = async (query: string, email = 'analyst@example.com') => {
    const response = await h.app.inject({ url: `/v1/datasets?${query}`, headers: await h.auth(email) });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { items: Array<{ id: string }>; total: number };
    return { ids: body.items.map((item) => item.id).sort(), total: body.total };
  };

  it('lists only the datasets carrying every tag asked for, with the total after the filter', async () => {
    const [a, b, c] = [await dataset('Tagged A'), await dataset('Tagged B'), await dataset('Tagged C')];
    const [red, blue] = [await tag(`red ${randomUUID()}`), await tag(`blue ${randomUUID()}`)];
    await attach(red, a);
    await attach(red, b);
    await attach(blue, b);
    await attach(blue, c);

    expect(await list(`tagId=${red}`)).toEqual({ ids: [a, b].sort(), total: 2 });
    expect(await list(`tagId=${red}&tagId=${blue}`)).toEqual({ ids: [b], total: 1 });
    expect(await list(`tagId=${red}&tagId=${red}`)).toEqual({ ids: [a, b].sort(), total: 2 });
    const paged = await list(`tagId=${red}&limit=1&offset=1`);
    expect(paged.total).toBe(2);
    expect(paged.ids).toHaveLength(1);
    // The organization's listing narrows the same way; an unused tag matches nothing.
    expect((await list(`tagId=${blue}`, 'viewer@example.com')).ids).toEqual([]);
    const organization = await h.app.inject({ url: `/v1/datasets/for-organization?tagId=${blue}`, headers: await h.auth('viewer@example.com') });
    expect((organization.json() as { items: Array<{ id: string }> }).items.map((item) => item.id).sort()).toEqual([b, c].sort());
    expect(await list(`tagId=${await tag(`unused ${randomUUID()}`)}`)).toEqual({ ids: [], total: 0 });
  });

  it("matches nothing for another organization's tag, even on a dataset the caller reads", async () => {
    const mine = await dataset('Mine with a foreign tag');
    const foreign = await tag(`foreign ${randomUUID()}`, outsider.organizationId);
    await attach(foreign, mine);
    expect(await list(`tagId=${foreign}`)).toEqual({ ids: [], total: 0 });
  });

  it.each([['tagId=nope'], [`${Array.from({ length: 51 }, () => `tagId=${randomUUID()}`).join('&')}`]])('refuses a bad tag filter with 400', async (query) => {
    const response = await h.app.inject({ url: `/v1/datasets?${query}`, headers: await h.auth('analyst@example.com') });
    expect(response.statusCode).toBe(400);
  });
});
