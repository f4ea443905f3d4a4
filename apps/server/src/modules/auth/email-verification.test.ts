import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { demoIds } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';

// Captures what the SMTP transport would send.
const sent = vi.hoisted(() => [] as Array<{ to: string; subject: string; text: string }>);
vi.mock('nodemailer', () => ({
  default: { createTransport: () => ({ sendMail: async (mail: { to: string; subject: string; text: string }) => void sent.push(mail) }) },
}));

describe.each(testStores())('e-mail verification with SMTP on $name', (store) => {
  const h = useHarness(store, { smtpUrl: 'smtp://mail.invalid:25', publicUrl: 'https://atlas.example' });
  const signUp = (email: string) => h.app.inject({ method: 'POST', url: '/v1/auth/sign-up', payload: { email, password: 'long enough', name: 'Someone' } });
  beforeEach(() => {
    sent.length = 0;
  });
  const mailTo = async (email: string) => {
    await vi.waitFor(() => expect(sent.some((mail) => mail.to === email)).toBe(true));
    return sent.find((mail) => mail.to === email)!;
  };

  it('mails both a new and an existing address, with the same answer', async () => {
    const fresh = await signUp('mailed@new.org');
    const taken = await signUp('viewer@example.com');
    expect(fresh.statusCode).toBe(202);
    expect(taken.statusCode).toBe(202);
    expect(taken.json()).toEqual(fresh.json());
    expect((await mailTo('mailed@new.org')).text).toMatch(/https:\/\/atlas\.example\/v1\/auth\/verify-email\?token=\S+/);
    expect((await mailTo('viewer@example.com')).text).not.toContain('verify-email');
  });

  it('gives pending e-mail grants and shared-parameter invitations only once the link is followed', async () => {
    const { demoOrg, analyst } = await demoIds(h.db);
    const map = randomUUID();
    await h.db.query("INSERT INTO records (id, kind, organization_id, owner_id, name) VALUES ($1, 'map', $2, $3, 'For the verified')", [map, demoOrg, analyst]);
    const analystHeaders = await h.auth('analyst@example.com');
    const granted = await h.app.inject({
      method: 'POST',
      url: '/v1/permissions',
      headers: analystHeaders,
      payload: { resourceType: 'map', resourceId: map, granteeType: 'email', granteeId: 'claimer@new.org', role: 'viewer' },
    });
    expect(granted.statusCode).toBe(201);
    const shared = randomUUID();
    await h.db.query(
      `INSERT INTO shared_parameters (id, template_group_id, organization_id, owner_id, parameter_values, description) VALUES ($1, 'g', $2, $3, '{}', '')`,
      [shared, demoOrg, analyst],
    );
    await h.db.query(
      `INSERT INTO shared_parameter_invitations (id, shared_parameters_id, email, description, invited_by) VALUES ($1, $2, 'claimer@new.org', '', $3)`,
      [randomUUID(), shared, analyst],
    );

    await signUp('claimer@new.org');
    const claimer = await h.auth('claimer@new.org', 'long enough');
    const reads = async () => [
      (await h.app.inject({ url: `/v1/maps/${map}`, headers: claimer })).statusCode,
      (await h.app.inject({ url: `/v1/bi/shared-parameters/${shared}`, headers: claimer })).statusCode,
    ];
    expect(await reads()).toEqual([404, 404]);

    const link = new URL(/https:\S+/.exec((await mailTo('claimer@new.org')).text)![0]);
    expect((await h.app.inject({ url: `${link.pathname}?token=wrong` })).statusCode).toBe(400);
    const verified = await h.app.inject({ url: `${link.pathname}${link.search}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'E-mail address verified' });
    expect(await reads()).toEqual([200, 200]);
    // A link works once.
    expect((await h.app.inject({ url: `${link.pathname}${link.search}` })).statusCode).toBe(400);
  });
});
