// The administration console in a real browser against the real server (issue 20, "Console (React)"): an
// administrator finds it in the navigation, creates an organization, invites an address and withdraws another, changes
// a user's seat, makes and removes an administrator (each confirmed first), and sees a refused deletion as
// "message (details)"; a viewer has no Administration entry and /admin refuses them. The newer sections: a quota
// reconciliation dry run then its real run, a published map made private and public again, a map handed from the
// analyst to the administrator and back (a viewer refused), and an address's e-mail flags.
// Screenshots: test-results/screens/admin-*.png.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from './support/session.js';

const session = useBrowserSession();
let adminToken = '';
let viewerToken = '';
let page: Page;

const ORGANIZATION = 'E2E Harbour Analytics';
const INVITEE = 'newcomer@harbour.example';
const WITHDRAWN = 'changed-mind@harbour.example';

interface Organization {
  id: string;
  name: string;
  makerQuotaPolicy: string | null;
  makerRoleUsersCount: number;
  viewerRoleUsersCount: number;
}
interface Invitation {
  email: string;
  organizationId: string;
  seat: string;
  application: string;
}
interface User {
  id: string;
  email: string;
  seat: string;
  isAdmin: boolean;
  quotaPolicy: { id: string };
  organization: { name: string };
}

const navLabels = async () => (await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link').allTextContents()).map((text) => text.trim());
const adminApi = <T>(path: string) => session.api<T>(adminToken, 'GET', path);
const userByEmail = async (email: string) => (await adminApi<User[]>(`/v1/users?email=${encodeURIComponent(email)}`))[0]!;
const organizationNamed = async (name: string) => (await adminApi<Organization[]>(`/v1/organizations?name=${encodeURIComponent(name)}`)).find((o) => o.name === name);
const row = (testId: string, text: string) => page.getByTestId(testId).filter({ hasText: text });

/** Confirms the open dialog titled `title` with `button`, and waits for it to close. */
async function confirm(title: string, button: string, screenshot?: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  if (screenshot) await session.screenshot(screenshot);
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  adminToken = (await session.signIn('admin@example.com')).token;
  viewerToken = (await session.signIn('viewer@example.com')).token;
});

describe('administration console', () => {
  it('is not offered to a viewer, and /admin refuses them', async () => {
    page = await session.openPage(viewerToken);
    await page.goto('/workspace');
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Datasets' }).waitFor();
    expect(await navLabels()).not.toContain('Administration');

    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Administrator rights required' }).waitFor();
    expect(await page.getByRole('group', { name: 'Administration sections' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'New organization' }).count()).toBe(0);
    expect(await navLabels()).not.toContain('Administration');
    await expect.poll(() => page.title()).toBe('Administrator rights required · Atlas Studio');
    await session.screenshot('admin-refusal');
  });

  it('lets an administrator run organizations, invitations, seats and administrators', async () => {
    page = await session.openPage(adminToken);
    await page.goto('/workspace');
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Administration' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Administration' }).waitFor();

    // The demo organization with its seats: two makers (admin, analyst) and one viewer.
    const demo = row('organization-row', 'Demo');
    await demo.waitFor();
    expect(await demo.getByTestId('maker-count').textContent()).toBe('2');
    expect(await demo.getByTestId('viewer-count').textContent()).toBe('1');

    // A new organization whose makers get the enterprise policy.
    await page.getByRole('button', { name: 'New organization' }).click();
    const create = page.getByRole('dialog', { name: 'New organization' });
    await create.getByLabel('Name').fill(ORGANIZATION);
    await create.getByLabel('Maker quota policy').selectOption({ label: 'Enterprise' });
    await session.screenshot('admin-organization-new');
    await create.getByRole('button', { name: 'Create organization' }).click();
    await create.waitFor({ state: 'detached' });
    const created = row('organization-row', ORGANIZATION);
    await created.waitFor();
    expect(await created.textContent()).toContain('Enterprise');
    expect(await organizationNamed(ORGANIZATION)).toMatchObject({ makerQuotaPolicy: 'enterprise', makerRoleUsersCount: 0, viewerRoleUsersCount: 0 });
    await session.screenshot('admin-organizations');

    // Renamed, and its makers given the default maker policy again; then named as before.
    await created.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${ORGANIZATION}`, exact: true });
    await edit.getByLabel('Name').fill(`${ORGANIZATION} Ltd`);
    await edit.getByLabel('Maker quota policy').selectOption({ label: 'Default: Maker' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await row('organization-row', `${ORGANIZATION} Ltd`).getByRole('button', { name: 'Edit' }).click();
    expect(await organizationNamed(`${ORGANIZATION} Ltd`)).toMatchObject({ makerQuotaPolicy: null });
    const renamed = page.getByRole('dialog', { name: `Edit ${ORGANIZATION} Ltd`, exact: true });
    await renamed.getByLabel('Name').fill(ORGANIZATION);
    await renamed.getByRole('button', { name: 'Save' }).click();
    await renamed.waitFor({ state: 'detached' });
    await expect.poll(async () => (await row('organization-row', ORGANIZATION).textContent()) ?? '').not.toContain('Ltd');

    // Searching by part of the name, any case.
    await page.getByLabel('Search organizations').fill('harbour');
    await expect.poll(() => page.getByTestId('organization-row').count()).toBe(1);
    await page.getByLabel('Search organizations').fill('no such organization');
    await page.getByTestId('admin-empty').filter({ hasText: 'No organization’s name contains “no such organization”.' }).waitFor();
    await page.getByLabel('Search organizations').fill('');
    await row('organization-row', 'Demo').waitFor();

    // Deleting an organization with members is refused, and the dialog says why as "message (details)".
    await row('organization-row', 'Demo').getByRole('button', { name: 'Delete' }).click();
    const refused = page.getByRole('dialog', { name: 'Delete Demo?' });
    await refused.getByRole('button', { name: 'Delete organization' }).click();
    await refused.getByRole('alert').filter({ hasText: /^Organization is not empty \(.+\)$/ }).waitFor();
    await session.screenshot('admin-delete-refused');
    await refused.getByRole('button', { name: 'Cancel' }).click();
    expect(await organizationNamed('Demo')).toBeDefined();

    // Invitations: two addresses to the new organization, one withdrawn after a confirmation.
    await page.getByRole('button', { name: 'Invitations' }).click();
    await page.waitForURL((url) => url.searchParams.get('section') === 'invitations');
    await page.getByTestId('admin-empty').filter({ hasText: 'There are no pending invitations' }).waitFor();
    for (const [email, seat] of [
      [INVITEE, 'Maker'],
      [WITHDRAWN, 'Viewer'],
    ] as const) {
      await page.getByRole('button', { name: 'Invite', exact: true }).click();
      const invite = page.getByRole('dialog', { name: 'Invite to an organization' });
      await invite.getByLabel('Organization').selectOption({ label: ORGANIZATION });
      await invite.getByLabel('E-mail address').fill(email);
      await invite.getByLabel('Seat').selectOption({ label: seat });
      await invite.getByLabel('Message (optional)').fill(`Welcome aboard, ${seat.toLowerCase()}`);
      if (email === INVITEE) await session.screenshot('admin-invite');
      await invite.getByRole('button', { name: 'Invite', exact: true }).click();
      await invite.waitFor({ state: 'detached' });
      await row('invitation-row', email).waitFor();
    }
    const organization = (await organizationNamed(ORGANIZATION))!;
    expect(await adminApi<Invitation[]>(`/v1/organizations/invitations?filter=${INVITEE}`)).toEqual([
      expect.objectContaining({ email: INVITEE, organizationId: organization.id, seat: 'maker', application: 'Atlas Studio' }),
    ]);
    await page.getByLabel('Search invitations').fill('changed-mind');
    await expect.poll(() => page.getByTestId('invitation-row').count()).toBe(1);
    await session.screenshot('admin-invitations');
    await row('invitation-row', WITHDRAWN).getByRole('button', { name: 'Withdraw' }).click();
    await confirm('Withdraw this invitation?', 'Withdraw invitation', 'admin-withdraw');
    await page.getByTestId('admin-empty').filter({ hasText: 'No pending invitation has “changed-mind” in its address.' }).waitFor();
    expect(await adminApi<Invitation[]>('/v1/organizations/invitations')).toEqual([expect.objectContaining({ email: INVITEE })]);

    // Users: the analyst found by address gets a viewer seat, then is made an administrator and back.
    await page.getByRole('button', { name: 'Users' }).click();
    await page.waitForURL((url) => url.searchParams.get('section') === 'users');
    await page.getByLabel('Find a user by e-mail').fill('analyst@example.com');
    await page.getByRole('button', { name: 'Find' }).click();
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
    const analyst = row('user-row', 'analyst@example.com');
    await analyst.getByLabel('Seat of analyst@example.com').selectOption('viewer');
    await confirm('Give Demo Analyst a viewer seat?', 'Make viewer', 'admin-seat');
    await expect.poll(async () => (await userByEmail('analyst@example.com')).seat).toBe('viewer');
    await expect.poll(() => analyst.getByLabel('Seat of analyst@example.com').inputValue()).toBe('viewer');
    await expect.poll(() => analyst.getByLabel('Quota policy of analyst@example.com').inputValue()).toBe('viewer');

    await analyst.getByRole('button', { name: 'Make administrator' }).click();
    await confirm('Make Demo Analyst an administrator?', 'Make administrator');
    await expect.poll(() => analyst.getByTestId('user-admin').textContent()).toBe('Yes');
    expect((await adminApi<User[]>('/v1/users/admin')).map((user) => user.email).sort()).toEqual(['admin@example.com', 'analyst@example.com']);
    await session.screenshot('admin-users');

    await analyst.getByRole('button', { name: 'Remove administrator' }).click();
    await confirm('Remove administrator rights?', 'Remove administrator', 'admin-remove-administrator');
    await expect.poll(() => analyst.getByTestId('user-admin').textContent()).toBe('No');
    expect((await adminApi<User[]>('/v1/users/admin')).map((user) => user.email)).toEqual(['admin@example.com']);

    // Another quota policy than the seat gives.
    await analyst.getByLabel('Quota policy of analyst@example.com').selectOption({ label: 'Enterprise' });
    await confirm('Change the quota policy?', 'Assign policy');
    await expect.poll(async () => (await userByEmail('analyst@example.com')).quotaPolicy.id).toBe('enterprise');
    await expect.poll(() => analyst.getByLabel('Quota policy of analyst@example.com').inputValue()).toBe('enterprise');

    // Moved to the new organization as a maker, then back to Demo as a viewer.
    for (const [organizationName, seat] of [
      [ORGANIZATION, 'Maker'],
      ['Demo', 'Viewer'],
    ] as const) {
      await analyst.getByRole('button', { name: 'Move…' }).click();
      const move = page.getByRole('dialog', { name: 'Move to another organization' });
      await move.getByLabel('Organization').selectOption({ label: organizationName });
      await move.getByLabel('Seat').selectOption({ label: seat });
      if (seat === 'Maker') await session.screenshot('admin-move');
      await move.getByRole('button', { name: 'Move', exact: true }).click();
      await move.waitFor({ state: 'detached' });
      await analyst.getByRole('cell', { name: organizationName, exact: true }).waitFor();
      const moved = await userByEmail('analyst@example.com');
      expect([moved.organization.name, moved.seat]).toEqual([organizationName, seat.toLowerCase()]);
    }

    // Cancelling a confirmation changes nothing.
    await analyst.getByLabel('Seat of analyst@example.com').selectOption('maker');
    await page.getByRole('dialog', { name: 'Give Demo Analyst a maker seat?' }).getByRole('button', { name: 'Cancel' }).click();
    expect((await userByEmail('analyst@example.com')).seat).toBe('viewer');
    await expect.poll(() => analyst.getByLabel('Seat of analyst@example.com').inputValue()).toBe('viewer');

    // The seat counts follow: Demo now has one maker and two viewers. The empty organization is deleted.
    await page.getByRole('button', { name: 'Organizations' }).click();
    const demoAgain = row('organization-row', 'Demo');
    await expect.poll(() => demoAgain.getByTestId('maker-count').textContent()).toBe('1');
    expect(await demoAgain.getByTestId('viewer-count').textContent()).toBe('2');
    await row('organization-row', ORGANIZATION).getByRole('button', { name: 'Delete' }).click();
    await confirm(`Delete ${ORGANIZATION}?`, 'Delete organization');
    await expect.poll(() => row('organization-row', ORGANIZATION).count()).toBe(0);
    expect(await organizationNamed(ORGANIZATION)).toBeUndefined();

    // The quota policies, in tier order.
    await page.getByRole('button', { name: 'Quota policies' }).click();
    await expect.poll(async () => (await page.getByTestId('policy-row').allTextContents()).map((text) => text.split(' ')[0])).toEqual(['Viewer', 'Maker', 'Enterprise']);
    await session.screenshot('admin-quota-policies');
  });

  it('pages through more organizations than a page holds', async () => {
    for (let index = 1; index <= 27; index += 1) {
      await session.api(adminToken, 'POST', '/v1/organizations', { name: `E2E Paging ${String(index).padStart(2, '0')}` });
    }
    page = await session.openPage(adminToken);
    await page.goto('/admin?q=e2e%20paging');
    await expect.poll(() => page.getByTestId('organization-row').count()).toBe(25);
    expect(await page.getByTestId('admin-list-summary').textContent()).toBe('Showing 1–25');
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(() => page.getByTestId('organization-row').count()).toBe(2);
    expect(await page.getByTestId('admin-list-summary').textContent()).toBe('Showing 26–27');
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await session.screenshot('admin-organizations-page-2');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => page.getByTestId('organization-row').count()).toBe(25);
  });

  it('reconciles quotas, hides a published map, hands a map over and sets e-mail flags', async () => {
    const analystToken = (await session.signIn('analyst@example.com')).token;
    const analystUser = await userByEmail('analyst@example.com');
    const demo = (await organizationNamed('Demo'))!;
    const setAnalystSeat = (seat: string) => session.api(adminToken, 'PUT', `/v1/admin/users/${analystUser.id}/organization/${demo.id}/seat/${seat}`);
    await setAnalystSeat('maker');
    const asAnalyst = <T>(method: string, path: string, body?: unknown) => session.api<T>(analystToken, method, path, body);
    // A dataset whose recorded size is metadata with no stored data behind it: the storage a reconciliation corrects.
    const dataset = await asAnalyst<{ id: string }>('POST', '/v1/datasets', { name: 'E2E drifted sizes', metadata: { sizeBytes: 5_000_000 } });
    const map = await asAnalyst<{ id: string }>('POST', '/v1/maps', { name: 'E2E Harbour traffic' });
    const { publishedId } = await asAnalyst<{ publishedId: string }>('POST', `/v1/maps/${map.id}/publish/resources`, { uploadOptions: {} });
    await asAnalyst('POST', `/v1/maps/${map.id}/publish/${publishedId}`);
    const mapAsAdmin = () => adminApi<{ ownerId: string; visibility: string }>(`/v1/maps/${map.id}?isAdmin=true`);
    const admin = await userByEmail('admin@example.com');

    page = await session.openPage(adminToken);

    // Quota reconciliation: the dry run names the drifted dataset and changes nothing; Apply (confirmed) corrects it.
    await page.goto('/admin?section=quota-reconciliation');
    await page.getByLabel('Quota type').selectOption({ label: 'Storage (MB)' });
    expect(await page.getByRole('button', { name: 'Apply' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Dry run' }).click();
    await page.getByTestId('reconcile-message').filter({ hasText: /^Dry run, nothing changed:/ }).waitFor();
    await row('reconcile-row', dataset.id).waitFor();
    expect(await row('reconcile-row', dataset.id).textContent()).toContain('5,000,000');
    expect((await adminApi<{ metadata: { sizeBytes: number } }>(`/v1/datasets/${dataset.id}?isAdmin=true`)).metadata.sizeBytes).toBe(5_000_000);
    await session.screenshot('admin-reconcile-dry-run');
    await page.getByRole('button', { name: 'Apply' }).click();
    await confirm('Reconcile the Storage (MB) quota?', 'Apply', 'admin-reconcile-confirm');
    await expect.poll(async () => (await page.getByTestId('reconcile-message').textContent()) ?? '').not.toMatch(/^Dry run/);
    expect((await adminApi<{ metadata: { sizeBytes: number } }>(`/v1/datasets/${dataset.id}?isAdmin=true`)).metadata.sizeBytes).toBe(0);
    await session.screenshot('admin-reconcile-applied');
    await page.getByRole('button', { name: 'Dry run' }).click();
    await expect.poll(() => row('reconcile-row', dataset.id).count()).toBe(0);

    // Published maps: made private it leaves the list (its public link too), then public again.
    await page.getByRole('button', { name: 'Published maps' }).click();
    const published = row('published-map-row', 'E2E Harbour traffic');
    await published.waitFor();
    await session.screenshot('admin-published-maps');
    await published.getByRole('button', { name: 'Make private' }).click();
    await confirm('Make “E2E Harbour traffic” private?', 'Make private', 'admin-published-private');
    await expect.poll(() => published.count()).toBe(0);
    expect((await session.request(viewerToken, 'GET', `/v1/maps/${map.id}/published-map`)).status).toBe(404);
    await row('hidden-map-row', 'E2E Harbour traffic').getByRole('button', { name: 'Make public' }).click();
    await confirm('Make “E2E Harbour traffic” public again?', 'Make public');
    await published.waitFor();
    expect(await row('hidden-map-row', 'E2E Harbour traffic').count()).toBe(0);

    // Sorted by date, the row leads to its map in the Resources tab.
    await page.getByLabel('Sort published maps').selectOption({ label: 'Newest' });
    await page.waitForURL((url) => url.searchParams.get('sortBy') === 'date');
    await published.getByRole('link', { name: 'Owner and visibility' }).click();
    await page.waitForURL((url) => url.searchParams.get('section') === 'resources' && url.searchParams.get('id') === map.id);
    await page.getByTestId('resource-name').filter({ hasText: 'E2E Harbour traffic' }).waitFor();

    // Resources: the map found by id, handed to the administrator, refused to a viewer, then back to the analyst.
    await page.getByRole('button', { name: 'Resources' }).click();
    await page.getByLabel('Resource type').selectOption({ label: 'Map' });
    await page.getByLabel('Resource id').fill(map.id);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByTestId('resource-name').filter({ hasText: 'E2E Harbour traffic' }).waitFor();
    const owner = page.getByLabel('Owner');
    await expect.poll(() => owner.inputValue()).toBe(analystUser.id);
    await owner.selectOption(admin.id);
    await confirm('Change the owner?', 'Change owner', 'admin-owner-change');
    await expect.poll(async () => (await mapAsAdmin()).ownerId).toBe(admin.id);
    await expect.poll(() => owner.inputValue()).toBe(admin.id);

    await setAnalystSeat('viewer');
    await page.reload();
    await page.getByTestId('resource-name').waitFor();
    await owner.selectOption(analystUser.id);
    const refused = page.getByRole('dialog', { name: 'Change the owner?' });
    await refused.getByRole('button', { name: 'Change owner' }).click();
    await refused.getByRole('alert').filter({ hasText: /^The new owner needs a maker seat/ }).waitFor();
    await session.screenshot('admin-owner-refused');
    await refused.getByRole('button', { name: 'Cancel' }).click();
    expect((await mapAsAdmin()).ownerId).toBe(admin.id);
    await expect.poll(() => owner.inputValue()).toBe(admin.id);

    await setAnalystSeat('maker');
    await page.reload();
    await page.getByTestId('resource-name').waitFor();
    await owner.selectOption(analystUser.id);
    await confirm('Change the owner?', 'Change owner');
    await expect.poll(async () => (await mapAsAdmin()).ownerId).toBe(analystUser.id);

    await page.getByLabel('Visibility').selectOption('public_read');
    await confirm('Make it public?', 'Make public');
    await expect.poll(async () => (await mapAsAdmin()).visibility).toBe('public_read');
    await session.screenshot('admin-resource');
    await page.getByLabel('Visibility').selectOption('private');
    await confirm('Make it private?', 'Make private');
    await expect.poll(async () => (await mapAsAdmin()).visibility).toBe('private');

    // E-mail flags of an address no account uses: all false until set.
    await page.getByRole('button', { name: 'E-mail flags' }).click();
    await page.getByLabel('E-mail address').fill('Bounces@Elsewhere.example');
    await page.getByRole('button', { name: 'Look up' }).click();
    const flags = page.getByTestId('email-flags');
    await flags.filter({ hasText: 'never flagged' }).waitFor();
    expect(await flags.getByRole('button', { name: 'Save flags' }).isDisabled()).toBe(true);
    await flags.getByLabel(/Bounced/).check();
    await flags.getByRole('button', { name: 'Save flags' }).click();
    await flags.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await flags.filter({ hasText: 'last set' }).waitFor();
    expect(await adminApi<{ email: string; bounced: boolean; doNotEmail: boolean }>('/v1/email_flags?email=bounces%40elsewhere.example')).toMatchObject({
      email: 'bounces@elsewhere.example',
      bounced: true,
      doNotEmail: false,
    });
    await session.screenshot('admin-email-flags');
  });
});
