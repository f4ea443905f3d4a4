import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../test-support/harness.js';
import { testStores } from '../test-support/stores.js';
import { leaksIn, ownerOf, setUpCallers, setUpFixtures, type Callers } from './test-support/callers.js';
import { RESOURCES, fillRoute, type Action, type CaseParams, type Fixtures, type ResourceSpec } from './test-support/matrix-table.js';
import { OWNER, PERSONAS, expectedStatus, rankOf, type Persona } from './test-support/personas.js';

/**
 * The persona × resource × action matrix, through the HTTP API: every resource type of the spec, every persona of
 * personas.ts (each also with its API key, on every type but the record kinds that share the maps' routes) and every action of matrix-table.ts answer what §6 and http/access.ts say,
 * every listing shows a resource exactly when it can be opened, and no answer carries a secret of someone else
 * (SENTINELS), the server's DATA_DIR or a connection password. Each case creates its own resource, so actions that
 * change or delete it do not disturb other cases. route-coverage.test.ts keeps new routes from skipping this table.
 */

const SECRETS_KEY = '0f'.repeat(32);

const withQuery = (url: string, query: Record<string, string>) => (Object.keys(query).length ? `${url}?${new URLSearchParams(query)}` : url);

/** Served by the same record route set as maps (records/routes.ts). */
const SAME_ROUTES_AS_MAPS = new Set(['insight', 'dashboard', 'workbook']);
/** Only the full matrix on PGlite; PostgreSQL runs the same rules on a sample, to stay well under a minute. */
const SAMPLE = new Set(['the owner', 'a maker of the owner organization', 'a viewer grantee of another organization', 'an editor grantee of another organization, with an API key', 'anonymous']);

describe.each(testStores())('the access matrix over HTTP on $name', (store) => {
  const h = useHarness(store);
  const savedKey = process.env.ATLAS_SECRETS_KEY;
  let callers: Callers;
  let fixtures: Fixtures;

  beforeAll(async () => {
    process.env.ATLAS_SECRETS_KEY = SECRETS_KEY;
    callers = await setUpCallers(h);
    fixtures = await setUpFixtures(h, callers);
  });
  afterAll(() => {
    if (savedKey === undefined) delete process.env.ATLAS_SECRETS_KEY;
    else process.env.ATLAS_SECRETS_KEY = savedKey;
  });

  /** Prepares one case: a fresh resource, made public or granted as the persona needs. */
  async function prepare(spec: ResourceSpec, persona: Persona, problems: string[]): Promise<CaseParams> {
    const owner = ownerOf(h, callers, OWNER, fixtures, problems);
    const params = await spec.create(owner);
    if (persona.publicRead) await owner.call('POST', '/v1/permissions/bulk', { resourceType: spec.type, resourceId: params.id, visibility: 'public_read' }, 200);
    if (persona.grant) {
      const grant = { resourceType: spec.type, resourceId: params.id, granteeType: 'user', granteeId: callers.userId(persona.email!), role: persona.grant };
      await owner.call('POST', '/v1/permissions', grant, 201);
    }
    return params;
  }

  /** Listed exactly when readable; where no listing reaches the persona (a grant on a type without "shared with me", public_read) it may be absent. */
  async function checkListings(spec: ResourceSpec, persona: Persona, id: string, problems: string[]) {
    if (!persona.email) return;
    const headers = callers.headers(persona);
    let listed = false;
    for (const list of spec.lists) {
      const response = await h.app.inject({ url: list, headers });
      if (response.statusCode !== 200) problems.push(`list ${list} → ${response.statusCode}: ${response.body.slice(0, 200)}`);
      for (const leak of leaksIn(response.body, h.dataDir, persona)) problems.push(`list ${list} answered ${leak}`);
      if (response.statusCode === 200 && (response.json().items as Array<{ id: string }>).some((item) => item.id === id)) listed = true;
    }
    const readable = rankOf(persona, false) > 0;
    const reached = persona.base >= 2 || (persona.grant !== undefined && spec.listsGrantsOfOthers);
    if (listed && !readable) problems.push('listed although it cannot be read');
    if (!listed && readable && reached) problems.push('readable but in none of its listings');
  }

  async function run(persona: Persona, action: Action, params: CaseParams, problems: string[]) {
    const adminMode = Boolean(persona.adminMode && action.admin);
    const query = { ...action.query?.(params), ...(adminMode ? { isAdmin: 'true' } : {}) };
    const url = withQuery(fillRoute(action.route, { ...params, ...action.params?.(params) }), query);
    const headers = callers.headers(persona);
    const response = await h.app.inject({
      method: action.method,
      url,
      headers: action.raw ? { ...headers, 'content-type': action.raw.contentType } : headers,
      ...(action.raw ? { payload: action.raw.payload } : action.body ? { payload: action.body(params, fixtures) as object } : {}),
    });
    const status = response.statusCode;
    const expected = expectedStatus(persona, action.need, Boolean(action.admin), action.ok);
    const fits = expected === 'reached' ? ![401, 403, 404].includes(status) && status < 500 : status === expected;
    if (!fits) problems.push(`${action.name}: ${action.method} ${url} → ${status}, expected ${expected}: ${response.body.slice(0, 160)}`);
    for (const leak of leaksIn(response.body, h.dataDir, persona)) problems.push(`${action.name}: ${action.method} ${url} answered ${leak}`);
  }

  const personas = store.name === 'pglite' ? PERSONAS : PERSONAS.filter((persona) => SAMPLE.has(persona.name));
  /**
   * An API key stands for its user, so API-key personas run on maps but not on the other record kinds: same routes,
   * and records are the slowest cases.
   */
  const personasOf = (spec: ResourceSpec) => (SAME_ROUTES_AS_MAPS.has(spec.name) ? personas.filter((persona) => !persona.apiKey) : personas);

  describe.each(RESOURCES)('on a $name', (spec) => {
    it.each(personasOf(spec))('gives $name exactly its actions', async (persona) => {
      const problems: string[] = [];
      const params = await prepare(spec, persona, problems);
      await checkListings(spec, persona, params.id!, problems);
      for (const action of spec.actions) await run(persona, action, params, problems);
      // One line per problem, all of them: a failing case reads as a list of holes.
      expect(problems.join('\n')).toBe('');
    });
  });
});
