import { addUser } from '../../test-support/fixtures.js';
import type { Harness } from '../../test-support/harness.js';
import { BYSTANDER, FOREIGN_ADMIN, MEMBER, OUTSIDER, OWNER, PERSONAS, STYLIST, readsOwnerOrganization, type Persona } from './personas.js';
import { SENTINELS, type Fixtures, type Owner } from './matrix-table.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Session tokens and API keys of every persona's user, and their ids. */
export interface Callers {
  headers(persona: Persona): Record<string, string>;
  /** The session's bearer header value of a user. */
  authorization(email: string): string;
  userId(email: string): string;
}

/** Adds the matrix's users, signs each in and creates each one's API key through the api-key routes. */
export async function setUpCallers(h: Harness): Promise<Callers> {
  await addUser(h.db, { email: MEMBER, organization: 'Demo' });
  await addUser(h.db, { email: STYLIST, organization: 'Demo' });
  await addUser(h.db, { email: OUTSIDER, organization: 'Security Other' });
  await addUser(h.db, { email: FOREIGN_ADMIN, organization: 'Security Other', isAdmin: true });
  await addUser(h.db, { email: BYSTANDER, organization: 'Security Other' });
  // The matrix creates hundreds of resources; the owner's quota is not what it tests.
  await h.db.query("UPDATE users SET quota_policy_id = 'enterprise' WHERE email = $1", [OWNER]);
  const emails = [...new Set([OWNER, STYLIST, ...PERSONAS.map((persona) => persona.email).filter((email): email is string => email !== null)])];
  const sessions = new Map<string, string>();
  const apiKeys = new Map<string, string>();
  const ids = new Map<string, string>();
  for (const email of emails) {
    const { authorization } = await h.auth(email);
    sessions.set(email, authorization);
    const key = await h.app.inject({ method: 'POST', url: '/v1/api-key', headers: { authorization }, payload: {} });
    if (key.statusCode !== 201) throw new Error(`API key for ${email}: ${key.statusCode} ${key.body}`);
    apiKeys.set(email, `Bearer ${key.json().key}`);
    const me = await h.app.inject({ url: '/v1/users/me', headers: { authorization } });
    ids.set(email, me.json().id);
  }
  const bystander = await h.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [BYSTANDER]);
  ids.set(BYSTANDER, bystander[0]!.id);
  return {
    headers: (persona): Record<string, string> => (persona.email ? { authorization: (persona.apiKey ? apiKeys : sessions).get(persona.email)! } : {}),
    authorization: (email) => sessions.get(email)!,
    userId: (email) => ids.get(email)!,
  };
}

/** What an answer to `persona` must not contain. */
export function leaksIn(body: string, dataDir: string, persona: Pick<Persona, 'email' | 'base' | 'adminMode'>): string[] {
  const found: string[] = [];
  const forbidden: Array<[string, boolean]> = [
    [SENTINELS.linkedStyleToken, persona.email !== STYLIST],
    [SENTINELS.connectionPassword, true],
    [dataDir, true],
    [SENTINELS.ownStyleToken, persona.email !== OWNER],
    [SENTINELS.secretDatasetName, !readsOwnerOrganization(persona)],
  ];
  for (const [text, applies] of forbidden) if (applies && body.includes(text)) found.push(text === dataDir ? 'the DATA_DIR path' : text);
  return found;
}

/** A resource owner's side (the analyst's, or the stylist's): creates through the API and notes any answer that leaks. */
export function ownerOf(h: Harness, callers: Callers, email: string, fixtures: Fixtures, problems: string[]): Owner {
  const authorization = callers.authorization(email);
  const check = (what: string, status: number, body: string, expected: (status: number) => boolean) => {
    if (!expected(status)) throw new Error(`${email} ${what} → ${status}: ${body.slice(0, 300)}`);
    for (const leak of leaksIn(body, h.dataDir, { email, base: 2 })) problems.push(`${email} ${what} answered ${leak}`);
  };
  return {
    fixtures,
    async call(method: Method, url: string, body?: unknown, expect = 200) {
      const response = await h.app.inject({ method, url, headers: { authorization }, ...(body === undefined ? {} : { payload: body as object }) });
      check(`${method} ${url}`, response.statusCode, response.body, (status) => status === expect);
      return response.body ? response.json() : {};
    },
    async upload(method, url, payload, contentType) {
      const response = await h.app.inject({ method, url, headers: { authorization, 'content-type': contentType }, payload });
      check(`${method} ${url}`, response.statusCode, response.body, (status) => status === 200);
    },
    async uploadFile(policy, payload, contentType) {
      const form = new FormData();
      for (const [name, value] of Object.entries(policy.fields)) form.append(name, value);
      form.append('file', new Blob([payload], { type: contentType }));
      const encoded = new Response(form);
      const response = await h.app.inject({
        method: 'POST',
        url: new URL(policy.url).pathname,
        payload: Buffer.from(await encoded.arrayBuffer()),
        headers: { 'content-type': encoded.headers.get('content-type')! },
      });
      check('upload', response.statusCode, response.body, (status) => status < 300);
    },
  };
}

/** The suite's shared resources, made by their owners through the API. */
export async function setUpFixtures(h: Harness, callers: Callers): Promise<Fixtures> {
  const problems: string[] = [];
  const fixtures = { ownerId: callers.userId(OWNER), bystanderId: callers.userId(BYSTANDER) } as Fixtures;
  const stylist = ownerOf(h, callers, STYLIST, fixtures, problems);
  const owner = ownerOf(h, callers, OWNER, fixtures, problems);
  const makePublic = (by: Owner, resourceType: string, resourceId: string) =>
    by.call('POST', '/v1/permissions/bulk', { resourceType, resourceId, visibility: 'public_read' }, 200);

  const style = await stylist.call('POST', '/v1/map-assets', { type: 'map-style', name: 'Linked style', metadata: { accessToken: SENTINELS.linkedStyleToken } }, 201);
  fixtures.styleId = String(style.id);
  await makePublic(stylist, 'map-asset', fixtures.styleId);

  const linkable = await owner.call('POST', '/v1/datasets', { name: 'Linkable dataset' }, 201);
  fixtures.linkableDatasetId = String(linkable.id);
  await makePublic(owner, 'dataset', fixtures.linkableDatasetId);
  fixtures.secretDatasetId = String((await owner.call('POST', '/v1/datasets', { name: SENTINELS.secretDatasetName }, 201)).id);

  const overDataset = await owner.call('POST', '/v1/data-queries/templates', { name: 'Rows of a dataset', template: 'SELECT count(*) AS n FROM {{dataset}}' }, 201);
  fixtures.datasetTemplateId = String(overDataset.id);
  await makePublic(owner, 'query-template', fixtures.datasetTemplateId);
  fixtures.plainTemplateId = String((await owner.call('POST', '/v1/data-queries/templates', { name: 'One', template: 'SELECT 1 AS one' }, 201)).id);
  await makePublic(owner, 'query-template', fixtures.plainTemplateId);
  if (problems.length) throw new Error(problems.join('\n'));
  return fixtures;
}
