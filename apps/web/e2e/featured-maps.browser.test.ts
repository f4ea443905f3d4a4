// Featured maps (issue 17) in a real browser against the real server: with nothing featured the analyst's workspace
// says so; an administrator features two published maps in the console, highlights the second and unfeatures the
// first (confirmed); the analyst then sees the highlighted map in the workspace's "Featured maps" and opens its
// public view from there. Screenshots: test-results/screens/featured-*.png.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from './support/session.js';

const session = useBrowserSession();
let adminToken = '';
let analystToken = '';
let page: Page;

interface FeaturedMap {
  id: string;
  publishedId: string;
  title: string;
  description: string;
  highlighted: boolean;
}

/** A map created and published by the analyst through the API: its published id. */
async function publishedMap(name: string): Promise<string> {
  const map = await session.api<{ id: string }>(analystToken, 'POST', '/v1/maps', { name });
  const { publishedId } = await session.api<{ publishedId: string }>(analystToken, 'POST', `/v1/maps/${map.id}/publish/resources`, { uploadOptions: {} });
  await session.api(analystToken, 'POST', `/v1/maps/${map.id}/publish/${publishedId}`);
  return publishedId;
}

const featuredList = () => session.api<FeaturedMap[]>(analystToken, 'GET', '/v1/maps/published/featured');
const featuredSection = () => page.getByRole('region', { name: 'Featured maps' });
const row = (name: string) => page.getByTestId('published-map-row').filter({ hasText: name });

beforeAll(async () => {
  adminToken = (await session.signIn('admin@example.com')).token;
  analystToken = (await session.signIn('analyst@example.com')).token;
});

describe('featured maps', () => {
  it('are curated in the console and shown on the workspace home, highlighted first', async () => {
    const tidesId = await publishedMap('E2E Featured tides');
    const ferriesId = await publishedMap('E2E Featured ferries');

    // Nothing featured yet: the workspace says why the section is empty.
    page = await session.openPage(analystToken);
    await page.goto('/workspace');
    await featuredSection().getByText('No map is featured yet').waitFor();
    await session.screenshot('featured-empty');

    // The administrator features both, highlights the ferries and unfeatures the tides (confirmed first).
    page = await session.openPage(adminToken);
    await page.goto('/admin?section=published-maps');
    await row('E2E Featured tides').waitFor();
    await expect.poll(() => row('E2E Featured tides').getByTestId('featured-state').textContent()).toBe('No');
    await row('E2E Featured tides').getByRole('button', { name: 'Feature', exact: true }).click();
    await expect.poll(() => row('E2E Featured tides').getByTestId('featured-state').textContent()).toBe('Featured');
    await row('E2E Featured ferries').getByRole('button', { name: 'Feature', exact: true }).click();
    await row('E2E Featured ferries').getByRole('button', { name: 'Highlight', exact: true }).click();
    await expect.poll(() => row('E2E Featured ferries').getByTestId('featured-state').textContent()).toBe('Highlighted');
    expect((await featuredList()).map((entry) => [entry.publishedId, entry.highlighted])).toEqual([
      [ferriesId, true],
      [tidesId, false],
    ]);
    await session.screenshot('featured-admin');

    await row('E2E Featured tides').getByRole('button', { name: 'Unfeature' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unfeature “E2E Featured tides”?' });
    await dialog.waitFor();
    await session.screenshot('featured-admin-unfeature');
    await dialog.getByRole('button', { name: 'Unfeature' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row('E2E Featured tides').getByTestId('featured-state').textContent()).toBe('No');
    expect((await featuredList()).map((entry) => entry.publishedId)).toEqual([ferriesId]);

    // How the ferries show in the workspace: its own title and a description, edited in the console.
    await row('E2E Featured ferries').getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Featured “E2E Featured ferries”' });
    await edit.getByLabel('Title in the workspace').fill('E2E Featured ferries of the bay');
    await edit.getByLabel('Description').fill('Every crossing, by hour');
    await session.screenshot('featured-admin-edit');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    expect((await featuredList()).map((entry) => [entry.title, entry.description])).toEqual([['E2E Featured ferries of the bay', 'Every crossing, by hour']]);

    // The analyst sees the highlighted map and opens its public view.
    page = await session.openPage(analystToken);
    await page.goto('/workspace');
    const item = featuredSection().getByTestId('gallery-item');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.textContent()).toContain('E2E Featured ferries of the bay');
    expect(await item.textContent()).toContain('Every crossing, by hour');
    expect(await item.textContent()).toContain('Highlighted');
    await session.screenshot('featured-workspace');
    await item.getByRole('link', { name: 'E2E Featured ferries of the bay' }).click();
    await page.waitForURL((url) => url.pathname === `/public/${ferriesId}`);
    await page.getByRole('heading', { name: 'E2E Featured ferries' }).waitFor({ timeout: 60_000 });
  });

  it('shows a refused feature as "message (details)"', async () => {
    const harbourId = await publishedMap('E2E Featured harbour');
    page = await session.openPage(adminToken);
    await page.goto('/admin?section=published-maps');
    await row('E2E Featured harbour').getByRole('button', { name: 'Feature', exact: true }).waitFor();
    // Featured meanwhile by someone else: the console's click is refused with the server's conflict.
    await session.api(adminToken, 'POST', '/v1/maps/published/featured', { publishedId: harbourId });
    await row('E2E Featured harbour').getByRole('button', { name: 'Feature', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: `This map is already featured (Published map ${harbourId})` }).waitFor();
    await session.screenshot('featured-admin-refused');
  });
});
