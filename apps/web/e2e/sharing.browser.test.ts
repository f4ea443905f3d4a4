// The one share dialog in a real browser (issue 17 "One share dialog … limited-viewer, viewer, editor; public_read;
// the lock's owner"): on a map the analyst is editing, the dialog offers the three roles, says who holds the editing
// lock and until when, and hands it to a maker granted editor; what each record's answer says the caller may do
// decides which cards offer Share at all. Screenshots: test-results/screens/sharing-lock.png, sharing-lock-handed.png.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from './support/session.js';

const POLL = { timeout: 20_000, interval: 200 };

interface MapAnswer {
  id: string;
  actions: string[];
  lock: { ownerId: string } | null;
}

const session = useBrowserSession();
let page: Page;
const people = { analyst: { token: '', id: '' }, admin: { token: '', id: '' } };

beforeAll(async () => {
  for (const [who, email] of [['analyst', 'analyst@example.com'], ['admin', 'admin@example.com']] as const) {
    const signedIn = await session.signIn(email);
    people[who] = { token: signedIn.token, id: signedIn.user.id };
  }
});

describe('the share dialog', () => {
  it('offers every role, shows the editing lock and hands it to an editor', async () => {
    const map = await session.api<MapAnswer>(people.analyst.token, 'POST', '/v1/maps', { name: 'E2E shared harbour', datasets: [] });
    await session.api(people.analyst.token, 'POST', '/v1/permissions', { resourceType: 'map', resourceId: map.id, granteeType: 'user', granteeId: people.admin.id, role: 'editor' });
    // The analyst opens the map for editing: the lock is theirs.
    const locked = await session.api<MapAnswer>(people.analyst.token, 'GET', `/v1/maps/${map.id}?acquireLock=true`);
    expect(locked.lock?.ownerId).toBe(people.analyst.id);
    // The administrator, outside admin mode, is an editor by grant, and the answer says so.
    expect((await session.api<MapAnswer>(people.admin.token, 'GET', `/v1/maps/${map.id}`)).actions).toEqual(['read', 'write', 'delete', 'copy', 'share', 'download']);

    page = await session.openPage(people.analyst.token);
    await page.goto('/workspace/maps');
    await page.locator(`[data-map="${map.id}"]`).getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share “E2E shared harbour”' });
    await dialog.getByRole('listitem').filter({ hasText: 'Demo Administrator' }).waitFor();
    const roles = await dialog.getByLabel('Role', { exact: true }).locator('option').allTextContents();
    expect(roles).toEqual(['Limited viewer', 'Viewer', 'Editor']);
    await expect.poll(() => dialog.getByTestId('lock-state').textContent(), POLL).toMatch(/^You are editing it until .+; others open it read-only\.$/);
    await session.screenshot('sharing-lock');

    await dialog.getByLabel('Hand the lock to').selectOption({ label: 'Demo Administrator' });
    await dialog.getByRole('button', { name: 'Hand over' }).click();
    await expect.poll(() => dialog.getByTestId('lock-state').textContent(), POLL).toMatch(/^Demo Administrator is editing it until /);
    await session.screenshot('sharing-lock-handed');
    expect((await session.api<MapAnswer>(people.analyst.token, 'GET', `/v1/maps/${map.id}`)).lock?.ownerId).toBe(people.admin.id);
  });

  it('offers Share only on cards whose answer lists it', async () => {
    const own = await session.api<MapAnswer>(people.analyst.token, 'POST', '/v1/maps', { name: 'E2E own harbour', datasets: [] });
    const colleagues = await session.api<MapAnswer>(people.admin.token, 'POST', '/v1/maps', { name: 'E2E colleague harbour', datasets: [] });
    const seen = await session.api<{ items: MapAnswer[] }>(people.analyst.token, 'GET', '/v1/maps/for-organization?search=E2E');
    expect(seen.items.find((item) => item.id === colleagues.id)?.actions).toEqual(['read', 'copy', 'download']);

    page = await session.openPage(people.analyst.token);
    await page.goto('/workspace/maps?scope=organization');
    const card = (id: string) => page.locator(`[data-map="${id}"]`);
    await card(colleagues.id).getByRole('button', { name: 'Clone' }).waitFor();
    expect(await card(colleagues.id).getByRole('button', { name: 'Share' }).count()).toBe(0);
    expect(await card(colleagues.id).getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await card(own.id).getByRole('button', { name: 'Share' }).waitFor();
  });
});
