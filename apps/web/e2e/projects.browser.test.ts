// Projects in a real browser against the real server (issue 17 "Projects", and its browser test "a project folder
// receives a map by drag and drop"): the analyst creates a project and a folder, drags a map from "Add to this project"
// into the folder (Playwright's dragTo: real HTML5 drag events), files a second map at the top level with the Add
// button alone (the way without a mouse), sees a refused add as "message (details)", moves and removes entries,
// renames and deletes the folder and the project after confirmations, and gives the project a picture; a viewer seat
// gets no create or change control anywhere. A map card's "Add to project" files the map into a folder.
// Screenshots: test-results/screens/projects-list-empty.png, projects-new.png, projects-folder.png,
// projects-delete-folder.png, projects-add-from-card.png, projects-viewer-list.png, projects-viewer-project.png.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from './support/session.js';

const POLL = { timeout: 20_000, interval: 200 };

const session = useBrowserSession();
let page: Page;
const tokens: Record<'analyst' | 'viewer', string> = { analyst: '', viewer: '' };
const maps: Record<'stores' | 'footfall', string> = { stores: '', footfall: '' };

interface Entry {
  id: string;
  folderId: string | null;
  resourceType: string;
  resource: { id: string; name: string };
}
interface ProjectAnswer {
  id: string;
  name: string;
  folders: Array<{ id: string; name: string; parentId: string | null }>;
}

const entriesOf = async (projectId: string) => (await session.api<{ items: Entry[] }>(tokens.analyst, 'GET', `/v1/projects/${projectId}/resources`)).items;
const placeOf = async (projectId: string, mapId: string) => (await entriesOf(projectId)).find((entry) => entry.resource.id === mapId)?.folderId;
const projectIdInAddress = () => new URL(page.url()).searchParams.get('project') ?? '';

async function openPage(token: string): Promise<void> {
  page = await session.openPage(token);
}

beforeAll(async () => {
  tokens.analyst = (await session.signIn('analyst@example.com')).token;
  tokens.viewer = (await session.signIn('viewer@example.com')).token;
  maps.stores = (await session.api<{ id: string }>(tokens.analyst, 'POST', '/v1/maps', { name: 'E2E stores map', datasets: [] })).id;
  maps.footfall = (await session.api<{ id: string }>(tokens.analyst, 'POST', '/v1/maps', { name: 'E2E footfall map', datasets: [] })).id;
});

describe('projects', () => {
  it('creates a project and a folder, receives a map in the folder by drag and drop, and removes it', async () => {
    await openPage(tokens.analyst);
    await page.goto('/workspace/projects');
    await page.getByText('You have no projects yet.', { exact: false }).waitFor();
    await session.screenshot('projects-list-empty');

    await page.getByRole('button', { name: 'New project' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await dialog.getByText('Enter a name.').waitFor();
    await dialog.getByLabel('Project name').fill('E2E field plans');
    await dialog.getByLabel('Description (optional)').fill('Stores and their footfall');
    await session.screenshot('projects-new');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(/[?&]project=[0-9a-f-]{36}/, POLL);
    const projectId = projectIdInAddress();
    await page.getByRole('heading', { name: 'E2E field plans', level: 1 }).waitFor();
    await page.getByText('Nothing at the top level.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'New folder', exact: true }).click();
    await page.getByRole('dialog').getByLabel('Folder name').fill('Stores');
    await page.getByRole('dialog').getByRole('button', { name: 'Create folder' }).click();
    const folder = page.getByRole('region', { name: 'Folder Stores' });
    await folder.getByText('This folder is empty.', { exact: false }).waitFor();
    const folderId = (await folder.getAttribute('data-folder'))!;
    expect((await session.api<ProjectAnswer>(tokens.analyst, 'GET', `/v1/projects/${projectId}`)).folders).toEqual([expect.objectContaining({ id: folderId, name: 'Stores', parentId: null })]);

    // Drag and drop: the map from "Add to this project" onto the folder.
    const source = page.locator(`[data-library-item="${maps.stores}"]`);
    await source.dragTo(folder);
    await folder.locator(`[data-resource="${maps.stores}"]`).getByRole('link', { name: 'E2E stores map' }).waitFor();
    await expect.poll(() => placeOf(projectId, maps.stores), POLL).toBe(folderId);
    expect(await folder.locator(`[data-resource="${maps.stores}"] a`).getAttribute('href')).toBe(`/${maps.stores}`);
    await source.getByText('In Stores').waitFor();

    // Without a mouse: the Add button files the other map at the place chosen (the top level by default).
    await page.getByRole('button', { name: 'Add E2E footfall map to Project root' }).press('Enter');
    const root = page.getByRole('region', { name: 'Project root' });
    await root.locator(`[data-resource="${maps.footfall}"]`).waitFor();
    await expect.poll(() => placeOf(projectId, maps.footfall), POLL).toBeNull();
    // ... and the move list takes an entry to another place.
    await root.getByLabel('Move E2E footfall map to').selectOption({ label: 'Stores' });
    await folder.locator(`[data-resource="${maps.footfall}"]`).waitFor();
    await expect.poll(() => placeOf(projectId, maps.footfall), POLL).toBe(folderId);

    // A map deleted after the list was read: the server's refusal shows as "message (details)".
    const gone = (await session.api<{ id: string }>(tokens.analyst, 'POST', '/v1/maps', { name: 'E2E gone map', datasets: [] })).id;
    await page.getByLabel('Search maps').fill('gone');
    await page.locator(`[data-library-item="${gone}"]`).waitFor();
    expect(await page.locator('[data-library-item]').count()).toBe(1);
    await session.api(tokens.analyst, 'DELETE', `/v1/maps/${gone}`);
    await page.getByRole('button', { name: 'Add E2E gone map to Project root' }).click();
    await expect.poll(() => page.getByRole('alert').textContent(), POLL).toBe(`Map not found (No map with id ${gone})`);
    // ... and the list is read again, without it.
    await page.getByText('No maps match “gone” here.').waitFor();
    await page.getByLabel('Search maps').fill('');

    // A picture for the project, shown in its head.
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 160, height: 100 } });
    await page.getByLabel('Change picture').setInputFiles({ name: 'picture.png', mimeType: 'image/png', buffer: png });
    await page.locator('.project-view__picture img').waitFor();
    await session.screenshot('projects-folder');

    // Removing an entry takes it out of the project; the map itself stays.
    await folder.getByRole('button', { name: 'Remove E2E stores map from the project' }).click();
    await folder.locator(`[data-resource="${maps.stores}"]`).waitFor({ state: 'detached' });
    await expect.poll(async () => (await entriesOf(projectId)).map((entry) => entry.resource.id), POLL).toEqual([maps.footfall]);
    expect((await session.request(tokens.analyst, 'GET', `/v1/maps/${maps.stores}`)).status).toBe(200);

    await folder.getByRole('button', { name: 'Rename folder Stores' }).click();
    await page.getByRole('dialog').getByLabel('Folder name').fill('Stores 2026');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    const renamed = page.getByRole('region', { name: 'Folder Stores 2026' });
    await renamed.waitFor();

    await renamed.getByRole('button', { name: 'Delete folder Stores 2026' }).click();
    await page.getByRole('dialog').getByText('The folder goes away with its 1 entry.', { exact: false }).waitFor();
    await session.screenshot('projects-delete-folder');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete folder' }).click();
    await page.getByText('No folders yet.', { exact: false }).waitFor();
    expect(await entriesOf(projectId)).toEqual([]);

    // The list shows the project with its picture; deleting it needs a confirmation.
    await page.getByRole('link', { name: '← All projects' }).click();
    const card = page.locator(`[data-project="${projectId}"]`);
    await card.locator('img').waitFor();
    await card.getByRole('link', { name: 'E2E field plans' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete project' }).click();
    await page.getByText('You have no projects yet.', { exact: false }).waitFor();
    expect((await session.request(tokens.analyst, 'GET', `/v1/projects/${projectId}`)).status).toBe(404);
  });

  it('files a map from its card’s "Add to project" into a folder of a project', async () => {
    const project = await session.api<ProjectAnswer>(tokens.analyst, 'POST', '/v1/projects', { name: 'E2E card plans' });
    const folder = await session.api<{ id: string }>(tokens.analyst, 'POST', `/v1/projects/${project.id}/folders`, { name: 'From cards' });
    await openPage(tokens.analyst);
    await page.goto('/workspace/maps');
    await page.locator(`[data-map="${maps.footfall}"]`).getByRole('button', { name: 'Add to project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add “E2E footfall map” to a project' });
    await dialog.getByLabel('Project', { exact: true }).selectOption({ label: 'E2E card plans' });
    await dialog.getByLabel('Place').selectOption({ label: 'From cards' });
    await session.screenshot('projects-add-from-card');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => placeOf(project.id, maps.footfall), POLL).toBe(folder.id);
    await session.api(tokens.analyst, 'DELETE', `/v1/projects/${project.id}`);
  });

  it('files a dataset from its details and a map style from its card through "Add to project"', async () => {
    const project = await session.api<ProjectAnswer>(tokens.analyst, 'POST', '/v1/projects', { name: 'E2E more plans' });
    const dataset = await session.api<{ id: string; name: string }>(tokens.analyst, 'POST', '/v1/datasets', { name: 'E2E planned dataset' });
    const style = await session.api<{ id: string }>(tokens.analyst, 'POST', '/v1/map-assets', { type: 'map-style', name: 'E2E planned style' });
    const file = async (name: string) => {
      const dialog = page.getByRole('dialog', { name: `Add “${name}” to a project` });
      await dialog.getByLabel('Project', { exact: true }).selectOption({ label: 'E2E more plans' });
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await openPage(tokens.analyst);
    await page.goto(`/workspace/datasets/${dataset.id}`);
    await page.getByRole('button', { name: 'Add to project' }).click();
    await session.screenshot('projects-add-dataset');
    await file('E2E planned dataset');
    await page.goto('/workspace/basemaps');
    await page.locator(`[data-asset="${style.id}"]`).getByRole('button', { name: 'Add to project' }).click();
    await file('E2E planned style');
    await expect
      .poll(async () => (await entriesOf(project.id)).map((entry) => [entry.resourceType, entry.resource.id, entry.folderId]).sort(), POLL)
      .toEqual([['dataset', dataset.id, null], ['map-style', style.id, null]]);
    await session.api(tokens.analyst, 'DELETE', `/v1/projects/${project.id}`);
  });

  it('offers a viewer seat no create or change control, and shows what the organization’s project holds', async () => {
    const project = await session.api<ProjectAnswer>(tokens.analyst, 'POST', '/v1/projects', { name: 'E2E shared plans' });
    const folder = await session.api<{ id: string }>(tokens.analyst, 'POST', `/v1/projects/${project.id}/folders`, { name: 'Reading' });
    await session.api(tokens.analyst, 'POST', `/v1/projects/${project.id}/resources`, { folderId: folder.id, resourceType: 'map', resourceId: maps.stores });

    await openPage(tokens.viewer);
    await page.goto('/workspace/projects');
    await page.getByText('a viewer seat opens projects but does not create them', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'New project' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Your organization' }).click();
    const card = page.locator(`[data-project="${project.id}"]`);
    await card.getByText('Your organization · 1 folder', { exact: false }).waitFor();
    await session.screenshot('projects-viewer-list');
    await card.getByRole('link', { name: 'E2E shared plans' }).click();

    const reading = page.getByRole('region', { name: 'Folder Reading' });
    await reading.getByRole('link', { name: 'E2E stores map' }).waitFor();
    await page.getByText('Nothing is filed at the top level of this project.').waitFor();
    for (const name of ['New folder', 'Rename', 'Change picture', 'Share', 'Delete', 'New subfolder', 'Remove']) expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    expect(await page.locator('select, [draggable="true"], input[type="file"]').count()).toBe(0);
    expect(await page.getByRole('complementary', { name: 'Add to this project' }).count()).toBe(0);
    await session.screenshot('projects-viewer-project');

    // The server agrees: a viewer seat creates no project.
    expect((await session.request(tokens.viewer, 'POST', '/v1/projects', { name: 'Not allowed' })).status).toBe(403);
    // Nor is "Add to project" offered on a map card.
    await page.goto('/workspace/maps?scope=organization');
    await page.locator(`[data-map="${maps.stores}"]`).getByRole('link', { name: 'Open' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add to project' }).count()).toBe(0);
  });
});
