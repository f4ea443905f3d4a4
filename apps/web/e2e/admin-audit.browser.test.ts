// Issue 20, "Browser": an administrator creates an organization and invites an address; its owner signs up at
// /sign-up, the administrator verifies the address (no mail server here), and the invitation makes them a member at
// their next sign-in; the administrator changes their seat and hands a map to another owner, then finds each of these
// changes in the audit log through its filters and by clicking a record (docs/audit-log.md, docs/sign-up.md).
// Screenshots: test-results/screens/sign-up-*.png and audit-*.png.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from './support/session.js';

const session = useBrowserSession();
let adminToken = '';
let page: Page;

const ORGANIZATION = 'E2E Audited Harbour';
const INVITEE = 'sign-up-invitee@harbour.example';
const NAME = 'Rowan Invitee';
const PASSWORD = 'harbour-sails-2026';
const MAP_NAME = 'E2E Audited quays';
// What the server answers a sign-up when it sends no mail (auth/service.ts).
const SIGNED_UP = 'If the address had no account, it has one now: sign in with it';

interface User {
  id: string;
  name: string;
  email: string;
  seat: string;
  organization: { id: string; name: string };
}
interface Organization {
  id: string;
  name: string;
}

const adminApi = <T>(path: string) => session.api<T>(adminToken, 'GET', path);
const userByEmail = async (email: string) => (await adminApi<User[]>(`/v1/users?email=${encodeURIComponent(email)}`))[0]!;
const organizationNamed = async (name: string) => (await adminApi<Organization[]>(`/v1/organizations?name=${encodeURIComponent(name)}`)).find((o) => o.name === name)!;
const row = (testId: string, text: string) => page.getByTestId(testId).filter({ hasText: text });
const auditRows = () => page.getByTestId('audit-row');

interface AuditRowView {
  action: string;
  type: string;
  /** The whole row, its white space collapsed. */
  text: string;
}
const auditView = (): Promise<AuditRowView[]> =>
  auditRows().evaluateAll((rows) =>
    rows.map((tr) => ({
      action: tr.querySelector('code')?.textContent ?? '',
      type: tr.querySelector('td:nth-child(4) button')?.textContent ?? '',
      text: (tr.textContent ?? '').replace(/\s+/g, ' '),
    })),
  );

/** The audit rows once every row shown is of the filters asked for: the previous list stays while the next one loads. */
async function shownRows({ action, type, record }: { action?: string; type?: string; record?: string }): Promise<AuditRowView[]> {
  const fits = (entry: AuditRowView) => (!action || entry.action === action) && (!type || entry.type === type) && (!record || entry.text.includes(record));
  await expect.poll(async () => (await auditView()).every(fits) && !(await page.getByTestId('admin-list-summary').textContent())?.includes('updating')).toBe(true);
  const rows = await auditView();
  expect(rows.length).toBeGreaterThan(0);
  return rows;
}

/** Confirms the open dialog titled `title` with `button`, and waits for it to close. */
async function confirm(title: string, button: string, screenshot?: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  if (screenshot) await session.screenshot(screenshot);
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Sets the audit log's filter select `label` to the option `option` ('' for every one). */
async function filterBy(label: 'Organization' | 'Record type' | 'Action', option: string): Promise<void> {
  const select = page.getByRole('region', { name: 'Audit log' }).getByLabel(label, { exact: true });
  if (option === '') await select.selectOption('');
  else await select.selectOption({ label: option });
}

beforeAll(async () => {
  adminToken = (await session.signIn('admin@example.com')).token;
});

describe('an invitation, a sign-up, a seat and an owner change, found in the audit log', () => {
  let organization: Organization;
  let invitee: User;
  let mapId = '';

  it('lets an administrator create an organization and invite an address, and its owner sign up', async () => {
    page = await session.openPage(adminToken);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'New organization' }).click();
    const create = page.getByRole('dialog', { name: 'New organization' });
    await create.getByLabel('Name').fill(ORGANIZATION);
    await create.getByRole('button', { name: 'Create organization' }).click();
    await create.waitFor({ state: 'detached' });
    await row('organization-row', ORGANIZATION).waitFor();
    organization = await organizationNamed(ORGANIZATION);

    await page.getByRole('button', { name: 'Invitations' }).click();
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const invite = page.getByRole('dialog', { name: 'Invite to an organization' });
    await invite.getByLabel('Organization').selectOption({ label: ORGANIZATION });
    await invite.getByLabel('E-mail address').fill(INVITEE);
    await invite.getByLabel('Seat').selectOption({ label: 'Viewer' });
    await invite.getByRole('button', { name: 'Invite', exact: true }).click();
    await invite.waitFor({ state: 'detached' });
    await row('invitation-row', INVITEE).waitFor();

    // Signed out: from the sign-in page to sign-up.
    page = await session.openPage('');
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Create an account' }).waitFor();
    await session.screenshot('sign-up-link');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-up');
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await expect.poll(() => page.title()).toBe('Create an account · Atlas Studio');
    expect(await page.getByLabel('Password').getAttribute('minlength')).toBe('8');
    await session.screenshot('sign-up-form');

    // A name of blanks only is trimmed to nothing: the server refuses it, shown as "message (details)".
    await page.getByLabel('Name', { exact: true }).fill('   ');
    await page.getByLabel('Email').fill(INVITEE);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('alert').filter({ hasText: /^.+ \(.+\)$/ }).waitFor();
    await session.screenshot('sign-up-refused');
    expect((await session.request(adminToken, 'GET', `/v1/users?email=${encodeURIComponent(INVITEE)}`)).status).toBe(404);

    await page.getByLabel('Name', { exact: true }).fill(NAME);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('status').filter({ hasText: SIGNED_UP }).waitFor();
    await session.screenshot('sign-up-done');
    // An account in an organization of its own until the address is verified.
    invitee = await userByEmail(INVITEE);
    expect([invitee.name, invitee.organization.name, invitee.seat]).toEqual([NAME, NAME, 'maker']);

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
  });

  it('joins the organization once an administrator verified the address, then becomes a maker', async () => {
    page = await session.openPage(adminToken);
    await page.goto(`/admin?section=users&email=${encodeURIComponent(INVITEE)}`);
    const user = row('user-row', INVITEE);
    await user.getByRole('cell', { name: NAME, exact: true }).waitFor();
    expect(await user.getByTestId('user-verified').textContent()).toBe('Not verified');
    await user.getByRole('button', { name: 'Verify address' }).click();
    await confirm(`Verify ${INVITEE}?`, 'Verify address', 'sign-up-verify');
    // Verified, the control goes: there is nothing left to verify.
    await expect.poll(() => user.getByTestId('user-verified').textContent()).toBe('Verified');
    expect(await user.getByRole('button', { name: 'Verify address' }).count()).toBe(0);
    await session.screenshot('sign-up-verified');
    // Verified, the address's invitation is used: its seat in its organization.
    await user.getByRole('cell', { name: ORGANIZATION, exact: true }).waitFor();
    await expect.poll(() => user.getByLabel(`Seat of ${INVITEE}`).inputValue()).toBe('viewer');
    expect(await adminApi(`/v1/organizations/invitations?filter=${encodeURIComponent(INVITEE)}`)).toEqual([]);

    // The invitee signs in through the page, accepts the terms, and is a viewer of the new organization.
    page = await session.openPage('');
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(INVITEE);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'I accept' }).click();
    await page.getByRole('navigation', { name: 'Workspace' }).waitFor();
    const inviteeToken = (await page.evaluate(() => window.localStorage.getItem('atlas.token')))!;
    const me = await session.api<User>(inviteeToken, 'GET', '/v1/users/me');
    expect([me.organization.id, me.seat]).toEqual([organization.id, 'viewer']);
    await session.screenshot('sign-up-signed-in');

    page = await session.openPage(adminToken);
    await page.goto(`/admin?section=users&email=${encodeURIComponent(INVITEE)}`);
    await row('user-row', INVITEE).getByLabel(`Seat of ${INVITEE}`).selectOption('maker');
    await confirm(`Give ${NAME} a maker seat?`, 'Make maker');
    await expect.poll(async () => (await session.api<User>(inviteeToken, 'GET', '/v1/users/me')).seat).toBe('maker');
  });

  it('hands a map to another maker of its organization', async () => {
    // The analyst's map goes to the administrator, a maker of the same organization (an owner must be one).
    const analystToken = (await session.signIn('analyst@example.com')).token;
    mapId = (await session.api<{ id: string }>(analystToken, 'POST', '/v1/maps', { name: MAP_NAME })).id;
    const admin = await userByEmail('admin@example.com');
    page = await session.openPage(adminToken);
    await page.goto(`/admin?section=resources&id=${mapId}`);
    await page.getByTestId('resource-name').filter({ hasText: MAP_NAME }).waitFor();
    await page.getByLabel('Owner').selectOption(admin.id);
    await confirm('Change the owner?', 'Change owner');
    await expect.poll(async () => (await adminApi<{ ownerId: string }>(`/v1/maps/${mapId}?isAdmin=true`)).ownerId).toBe(admin.id);
  });

  it('finds each change in the audit log', async () => {
    page = await session.openPage(adminToken);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Audit log' }).click();
    await page.waitForURL((url) => url.searchParams.get('section') === 'audit-log');
    await auditRows().first().waitFor();

    // The invitation, under the organization it invites to, made today.
    const today = new Date().toISOString().slice(0, 10);
    await filterBy('Organization', ORGANIZATION);
    await page.getByLabel('From').fill(today);
    await page.getByLabel('To').fill(today);
    await filterBy('Action', 'invitation.create');
    expect((await shownRows({ action: 'invitation.create' })).map((entry) => entry.text)).toEqual([
      expect.stringContaining(`Demo Administratorinvitation.createorganization ${organization.id}Made “${INVITEE}”`),
    ]);
    await session.screenshot('audit-invitation');

    // The organization's creation, found among every organization's and then by its record.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await filterBy('Record type', 'organization');
    await filterBy('Action', 'create');
    expect((await shownRows({ action: 'create', type: 'organization' })).map((entry) => entry.text)).toContainEqual(
      expect.stringContaining(`Demo Administratorcreateorganization ${organization.id}Made “${ORGANIZATION}”`),
    );
    await row('audit-row', organization.id).getByRole('button', { name: 'organization' }).click();
    await page.getByTestId('audit-focus').filter({ hasText: `Only changes to record ${organization.id}.` }).waitFor();
    expect(await shownRows({ action: 'create', record: organization.id })).toHaveLength(1);
    await session.screenshot('audit-organization');

    // The user made by the sign-up (nobody signed in), then every update of that record: the verification that moved
    // them into the organization as a viewer, and the seat the administrator changed.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await filterBy('Record type', 'user');
    await filterBy('Action', 'create');
    expect((await shownRows({ action: 'create', type: 'user' })).map((entry) => entry.text)).toContainEqual(
      expect.stringContaining(`Nobody signed increateuser ${invitee.id}Made “${NAME}”`),
    );
    await row('audit-row', invitee.id).getByRole('button', { name: 'user' }).click();
    await page.getByTestId('audit-focus').filter({ hasText: `Only changes to record ${invitee.id}.` }).waitFor();
    await filterBy('Action', 'update');
    const updates = (await shownRows({ action: 'update', record: invitee.id })).map((entry) => entry.text);
    expect(updates).toHaveLength(2);
    const [seatChange, verification] = updates;
    expect(seatChange).toContain('Demo Administratorupdateuser');
    expect(seatChange).toContain('seat: “viewer” → “maker”');
    expect(verification).toContain('email_verified_at: nothing →');
    expect(verification).toContain(`organization_id: “${invitee.organization.id}” → “${organization.id}”`);
    expect(verification).toContain('seat: “maker” → “viewer”');
    await session.screenshot('audit-user');

    // The map's owner change, made in administrator mode, under the map's organization (the analyst's).
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await filterBy('Organization', 'Demo');
    await filterBy('Record type', 'map');
    await filterBy('Action', 'update');
    const handed = (await shownRows({ action: 'update', type: 'map' })).find((entry) => entry.text.includes(mapId));
    expect(handed?.text).toContain('Demo Administrator (administrator mode)updatemap');
    expect(handed?.text).toContain('owner_id: “');
    await row('audit-row', mapId).getByRole('button', { name: 'map' }).click();
    await page.getByTestId('audit-focus').filter({ hasText: `Only changes to record ${mapId}.` }).waitFor();
    await filterBy('Action', '');
    await expect.poll(async () => (await shownRows({ record: mapId })).map((entry) => entry.action)).toEqual(['update', 'create']);
    expect((await auditView())[1]?.text).toContain(`Demo Analystcreatemap ${mapId}Made “${MAP_NAME}”`);
    await session.screenshot('audit-map');
  });
});
