// GET /v1/data-queries/templates and both bookmark lists with ?tagId=…: only records carrying every tag asked for,
// counted and paged after the filter; tags of another organization match nothing (docs/tags.md).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, demoIds, type TestUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';

const LISTS = {
  templates: '/v1/data-queries/templates',
  bookmarks: '/v1/data-queries/bookmarks',
  organizationBookmarks: '/v1/data-queries/bookmarks/for-organization',
};

describe.each(testStores())('query template and bookmark listings by tag on $name', (store) => {
  const h = useHarness(store);
  let analyst = '';
  let demoOrg = '';
  let outsider: TestUser;

  beforeAll(async () => {
    ({ analyst, demoOrg } = await demoIds(h.db));
    outsider = await addUser(h.db, { email: 'outsider@query-tag-filter.test', organization: 'Query Tag Filter Other' });
  });

  const template = async (name: string) => {
    const id = randomUUID();
    await h.db.query("INSERT INTO query_templates (id, organization_id, owner_id, name, template) VALUES ($1, $2, $3, $4, 'SELECT 1')", [id, demoOrg, analyst, name]);
    return id;
  };
  const bookmark = async (name: string) => {
    const id = randomUUID();
    await h.db.query(`INSERT INTO query_bookmarks (id, organization_id, owner_id, name, query) VALUES ($1, $2, $3, $4, '{"queryTemplateId": "${randomUUID()}"}')`, [id, demoOrg, analyst, name]);
    return id;
  };
  const tag = async (name: string, org = demoOrg) => {
    const id = randomUUID();
    await h.db.query("INSERT INTO tags (id, organization_id, name, color) VALUES ($1, $2, $3, '#2563eb')", [id, org, `${name} ${id}`]);
    return id;
  };
  const attach = (tagId: string, type: 'query-template' | 'query-bookmark', id: string) =>
    h.db.query('INSERT INTO resource_tags (tag_id, resource_type, resource_id) VALUES ($1, $2, $3)', [tagId, type, id]);
  const list = async (path: string, query: string, email = 'analyst@example.com') => {
    const response = await h.app.inject({ url: `${path}?${query}`, headers: await h.auth(email) });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { items: Array<{ id: string }>; total: number };
    return { ids: body.items.map((item) => item.id).sort(), total: body.total };
  };

  it('lists only the templates carrying every tag asked for, with the total and the pages after the filter', async () => {
    const [a, b, c] = [await template('Tagged A'), await template('Tagged B'), await template('Tagged C')];
    const [red, blue] = [await tag('red'), await tag('blue')];
    await attach(red, 'query-template', a);
    await attach(red, 'query-template', b);
    await attach(blue, 'query-template', b);
    await attach(blue, 'query-template', c);
    // The same tag on a bookmark does not make a template match.
    await attach(red, 'query-bookmark', await bookmark('Not a template'));

    expect(await list(LISTS.templates, `tagId=${red}`)).toEqual({ ids: [a, b].sort(), total: 2 });
    expect(await list(LISTS.templates, `tagId=${red}&tagId=${blue}`)).toEqual({ ids: [b], total: 1 });
    expect(await list(LISTS.templates, `tagId=${red}&tagId=${red}`)).toEqual({ ids: [a, b].sort(), total: 2 });
    const pages = [await list(LISTS.templates, `tagId=${red}&limit=1&offset=0`), await list(LISTS.templates, `tagId=${red}&limit=1&offset=1`)];
    expect(pages.map((page) => page.total)).toEqual([2, 2]);
    expect(pages.flatMap((page) => page.ids).sort()).toEqual([a, b].sort());
    // A member of the organization reads these templates and sees the same.
    expect(await list(LISTS.templates, `tagId=${blue}`, 'viewer@example.com')).toEqual({ ids: [b, c].sort(), total: 2 });
    expect(await list(LISTS.templates, `tagId=${await tag('unused')}`)).toEqual({ ids: [], total: 0 });
  });

  it('narrows both bookmark lists the same way', async () => {
    const [a, b] = [await bookmark('Bookmark A'), await bookmark('Bookmark B')];
    const [green, amber] = [await tag('green'), await tag('amber')];
    await attach(green, 'query-bookmark', a);
    await attach(green, 'query-bookmark', b);
    await attach(amber, 'query-bookmark', b);

    expect(await list(LISTS.bookmarks, `tagId=${green}`)).toEqual({ ids: [a, b].sort(), total: 2 });
    expect(await list(LISTS.bookmarks, `tagId=${green}&tagId=${amber}`)).toEqual({ ids: [b], total: 1 });
    const page = await list(LISTS.bookmarks, `tagId=${green}&limit=1&offset=1`);
    expect(page.total).toBe(2);
    expect(page.ids).toHaveLength(1);
    expect(await list(LISTS.organizationBookmarks, `tagId=${amber}`, 'viewer@example.com')).toEqual({ ids: [b], total: 1 });
    // The viewer owns none of them.
    expect(await list(LISTS.bookmarks, `tagId=${green}`, 'viewer@example.com')).toEqual({ ids: [], total: 0 });
  });

  it("matches nothing for another organization's tag, even on a record the caller reads", async () => {
    const foreign = await tag('foreign', outsider.organizationId);
    await attach(foreign, 'query-template', await template('Mine with a foreign tag'));
    await attach(foreign, 'query-bookmark', await bookmark('Mine with a foreign tag'));
    for (const path of Object.values(LISTS)) expect(await list(path, `tagId=${foreign}`)).toEqual({ ids: [], total: 0 });
  });

  it.each(Object.values(LISTS).flatMap((path) => [[path, 'tagId=nope'], [path, Array.from({ length: 51 }, () => `tagId=${randomUUID()}`).join('&')]]))(
    'refuses a bad tag filter on %s with 400',
    async (path, query) => {
      const response = await h.app.inject({ url: `${path}?${query}`, headers: await h.auth('analyst@example.com') });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Invalid request query string', appStatusCode: 'VALIDATION_FAILED' });
    },
  );
});
