// Error reports in a real browser against the real server (issue 20, docs/error-reports.md): the analyst sends feedback
// from the top bar's "Send feedback"; the server keeps it and forwards it to the error-reporting service (a local
// stand-in named by SENTRY_DSN, so the browser itself still talks to the studio only); the administrator reads it in the
// console's Feedback section. Screenshots: test-results/screens/feedback-*.png.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream } from '../../server/src/modules/error-reports/test-support/fake-upstream.js';
import { useBrowserSession } from './support/session.js';

// The server process inherits the environment (startServer spreads process.env).
const upstream = await startFakeUpstream();
process.env.SENTRY_DSN = upstream.dsn;

const session = useBrowserSession();
let adminToken = '';
let analystToken = '';
let page: Page;

const COMMENTS = `The legend hides the zoom buttons on small screens (${Date.now()})`;

beforeAll(async () => {
  adminToken = (await session.signIn('admin@example.com')).token;
  analystToken = (await session.signIn('analyst@example.com')).token;
});

afterAll(async () => {
  delete process.env.SENTRY_DSN;
  await upstream.close();
});

describe('feedback', () => {
  it('a signed-in user sends feedback from the top bar; it is kept and forwarded to the error-reporting service', async () => {
    page = await session.openPage(analystToken);
    await page.goto('/workspace');
    await page.getByRole('banner').getByRole('button', { name: 'Send feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send feedback' });
    await dialog.waitFor();
    const send = dialog.getByRole('button', { name: 'Send', exact: true });
    expect(await send.isDisabled()).toBe(true);
    expect(await dialog.getByLabel('E-mail for an answer (optional)').inputValue()).toBe('analyst@example.com');
    await dialog.getByLabel('What happened, or what would help you?').fill(COMMENTS);
    await session.screenshot('feedback-dialog');
    await send.click();
    const sent = page.getByRole('dialog', { name: 'Feedback sent' });
    await sent.getByRole('status').waitFor();
    await session.screenshot('feedback-sent');
    await sent.getByRole('button', { name: 'Done' }).click();
    await sent.waitFor({ state: 'detached' });

    expect(upstream.received).toHaveLength(1);
    const [header, item, event] = upstream.received[0]!.body.toString('utf8').trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(header.dsn).toBe(upstream.dsn);
    expect(item).toEqual({ type: 'feedback' });
    expect(event.contexts.feedback).toMatchObject({ message: COMMENTS, contact_email: 'analyst@example.com', url: `${session.server.baseUrl}/workspace` });
  });

  it("an administrator reads it in the console's Feedback section; the list is refused to the analyst", async () => {
    page = await session.openPage(adminToken);
    await page.goto('/admin');
    await page.getByRole('group', { name: 'Administration sections' }).getByRole('button', { name: 'Feedback' }).click();
    const row = page.getByTestId('feedback-row').filter({ hasText: COMMENTS });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain('analyst@example.com');
    expect(text).toContain('Demo');
    expect(text).toContain(`${session.server.baseUrl}/workspace`);
    expect(text).toContain('Sent');
    // Newest first: the feedback just sent heads the list.
    expect(await page.getByTestId('feedback-row').first().textContent()).toContain(COMMENTS);
    await session.screenshot('feedback-console');

    const refused = await session.request(analystToken, 'GET', '/v1/admin/feedback');
    expect(refused.status).toBe(403);
  });
});
