import { randomUUID } from 'node:crypto';
import { ANALYTIC_SETS, labels } from '@atlas/analytics';
import { Messages, type AnalyticSetDefinition } from '@atlas/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, demoIds, type TestUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { effectiveDefinition } from './index.js';

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const UUID = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
const ADMIN = 'admin@example.com';
const ANALYST = 'analyst@example.com';
const VIEWER = 'viewer@example.com';
const OUTSIDER = 'outsider@bi.test';
const ADMIN_ONLY = { message: 'Administrator rights required', details: 'BI configuration is changed by administrators only', appStatusCode: 'FORBIDDEN' };
const CONFIGS = '/v1/bi/analytic-set-configs';
const QUERY_PARAMS = '/v1/bi/query-param-configs';
const SHARED = '/v1/bi/shared-parameters';
// Chain and DMA ids of the reference data, as the set definitions list them.
const CHAINS = ANALYTIC_SETS['cross-visitation'].queryParameters.find((parameter) => parameter.id === 'chains')!.availableValues!;
const [C0, C1, C2, C3] = CHAINS as [string, string, string, string];
const DMA_IDS = ANALYTIC_SETS['audience-insight'].queryParameters.find((parameter) => parameter.id === 'dma')!.availableValues!;
const [D0, D1, D2] = DMA_IDS as [string, string, string];
const MONTHS = { granularity: 'monthly', start: '2025-01', end: '2025-03' };

describe.each(testStores())('BI configuration on $name', (store) => {
  const h = useHarness(store);
  let demoOrg = '';
  let analyst = '';
  let outsider: TestUser;
  const tokens = new Map<string, { authorization: string }>();

  beforeAll(async () => {
    ({ analyst, demoOrg } = await demoIds(h.db));
    outsider = await addUser(h.db, { email: OUTSIDER, organization: 'BI Other' });
  });

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = async (email: string | null, method: Method, url: string, payload?: unknown) => {
    if (email && !tokens.has(email)) tokens.set(email, await h.auth(email));
    const headers = email ? tokens.get(email)! : {};
    return h.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  };
  const created = async (email: string, url: string, payload: unknown) => {
    const response = await call(email, 'POST', url, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const rows = async (table: string, column: string, value: string) =>
    (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [value]))[0]!.n;
  const notFoundConfig = (details: string) => ({ message: Messages.configNotFound, details, appStatusCode: 'NOT_FOUND' });

  describe('analytic-set configs', () => {
    const body = {
      templateGroupId: 'movement-pivot',
      templateParameters: { canExport: true },
      queryParameters: { taxonomies: { availableValues: [C1, C0, 'coffee-shops'], maxValues: 2, defaultValue: [C0] }, age: { hidden: true } },
    };

    it('set the sample-size threshold and mark or hide, which the effective definition carries (issue 21)', async () => {
      const config = await created(ADMIN, CONFIGS, { templateGroupId: 'change-in-visits', organizationId: demoOrg, templateParameters: { minDevices: 75, lowConfidence: 'hide' } });
      expect(config.templateParameters).toEqual({ minDevices: 75, lowConfidence: 'hide' });
      const set = await call(ANALYST, 'GET', '/v1/analytic-sets/change-in-visits');
      expect(set.json().templateParameters).toEqual({ minDevices: 75, lowConfidence: 'hide' });
      // Another set keeps the defaults: 30 devices, marked.
      expect((await call(ANALYST, 'GET', '/v1/analytic-sets/audience-insight')).json().templateParameters).toEqual({ minDevices: 30, lowConfidence: 'mark' });
      expect((await call(ADMIN, 'DELETE', `${CONFIGS}/${config.id}`)).statusCode).toBe(204);
    });

    it('are created by administrators, read by members and administrators, replaced and deleted', async () => {
      const config = await created(ADMIN, CONFIGS, { ...body, organizationId: demoOrg });
      expect(config).toEqual({
        id: UUID,
        templateGroupId: 'movement-pivot',
        organizationId: demoOrg,
        templateParameters: { canExport: true },
        queryParameters: body.queryParameters,
        createdAt: ISO,
        updatedAt: ISO,
      });
      for (const email of [ANALYST, VIEWER, ADMIN]) {
        const byId = await call(email, 'GET', `${CONFIGS}/${config.id}`);
        expect(byId.statusCode).toBe(200);
        expect(byId.json()).toEqual(config);
        const byGroup = await call(email, 'GET', `${CONFIGS}/movement-pivot/org/${demoOrg}`);
        expect(byGroup.statusCode).toBe(200);
        expect(byGroup.json()).toEqual(config);
      }
      const hidden = await call(OUTSIDER, 'GET', `${CONFIGS}/${config.id}`);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual(notFoundConfig(`No config with id ${config.id}`));

      const replaced = await call(ADMIN, 'PUT', `${CONFIGS}/${config.id}`, { queryParameters: { age: { hidden: false } } });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json()).toEqual({ ...config, queryParameters: { age: { hidden: false } }, updatedAt: ISO });
      expect(Date.parse(replaced.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(config.updatedAt));
      const both = await call(ADMIN, 'PUT', `${CONFIGS}/${config.id}`, { templateParameters: {}, queryParameters: {} });
      expect(both.json()).toMatchObject({ templateParameters: {}, queryParameters: {} });

      expect((await call(ADMIN, 'DELETE', `${CONFIGS}/${config.id}`)).statusCode).toBe(204);
      expect(await rows('analytic_set_configs', 'id', config.id)).toBe(0);
      expect((await call(ANALYST, 'GET', `${CONFIGS}/${config.id}`)).json()).toEqual(notFoundConfig(`No config with id ${config.id}`));
      expect((await call(ADMIN, 'DELETE', `${CONFIGS}/${config.id}`)).statusCode).toBe(404);
      expect((await call(ADMIN, 'PUT', `${CONFIGS}/${config.id}`, { templateParameters: {} })).statusCode).toBe(404);
    });

    it('refuses overrides the set does not allow with 400, storing nothing', async () => {
      const before = await h.count('analytic_set_configs');
      const cases: Array<[object, string, string]> = [
        [{ queryParameters: { dwell: { hidden: true } } }, Messages.parameterNotListed('dwell'), `dwell: ${Messages.parameterNotListed('dwell')}`],
        [
          { queryParameters: { taxonomies: { availableValues: [C0, 'nowhere'] } } },
          `Category + Chain: availableValues must be a subset of the set's; unknown "nowhere"`,
          `taxonomies: Category + Chain: availableValues must be a subset of the set's; unknown "nowhere"`,
        ],
        [{ queryParameters: { taxonomies: { maxValues: 8 } } }, 'Category + Chain: maxValues may not exceed 7', 'taxonomies: Category + Chain: maxValues may not exceed 7'],
        [{ queryParameters: { period: { availableValues: ['2025-01'] } } }, 'Period has no list of values to narrow', 'period: Period has no list of values to narrow'],
        [
          { queryParameters: { taxonomies: { maxValues: 2, defaultValue: [C0, C1, C2] } } },
          'Category + Chain takes at most 2 values',
          'taxonomies: Category + Chain takes at most 2 values',
        ],
        [
          { queryParameters: { taxonomies: { availableValues: ['coffee-shops'], defaultValue: [C0] } } },
          `Category + Chain: unknown value "${C0}"`,
          `taxonomies: Category + Chain: unknown value "${C0}"`,
        ],
        [
          { queryParameters: { taxonomies: { availableValues: ['coffee-shops'] } } },
          "Category + Chain: the set's default does not fit the narrowed parameter; give a defaultValue",
          "taxonomies: Category + Chain: the set's default does not fit the narrowed parameter; give a defaultValue",
        ],
        [
          { queryParameters: { period: { defaultValue: { granularity: 'daily', start: '2025-01-01', end: '2025-01-31' } } } },
          'Period: granularity must be one of monthly, quarterly',
          'period: Period: granularity must be one of monthly, quarterly',
        ],
        [{ queryParameters: { geography: { defaultValue: [] } } }, 'Geography may not be empty', 'geography: Geography may not be empty'],
        [{ templateParameters: { canShare: true } }, 'Template parameter canShare is not listed in templateParameters', 'canShare: Template parameter canShare is not listed in templateParameters'],
        [{ templateParameters: { canExport: 'yes' } }, 'Template parameter canExport must be a boolean', 'canExport: Template parameter canExport must be a boolean'],
        // The sample-size settings (issue 21): a whole number of devices, and mark or hide.
        [{ templateParameters: { minDevices: 2.5 } }, 'Template parameter minDevices must be a whole number from 0 to 1000000000', 'minDevices: Template parameter minDevices must be a whole number from 0 to 1000000000'],
        [{ templateParameters: { minDevices: -1 } }, 'Template parameter minDevices must be a whole number from 0 to 1000000000', 'minDevices: Template parameter minDevices must be a whole number from 0 to 1000000000'],
        [{ templateParameters: { minDevices: '30' } }, 'Template parameter minDevices must be a number', 'minDevices: Template parameter minDevices must be a number'],
        [{ templateParameters: { lowConfidence: 'blur' } }, 'Template parameter lowConfidence must be one of mark, hide', 'lowConfidence: Template parameter lowConfidence must be one of mark, hide'],
        [
          { templateParameters: { canExport: 1 }, queryParameters: { dwell: {} } },
          'Template parameter canExport must be a boolean',
          `canExport: Template parameter canExport must be a boolean; dwell: ${Messages.parameterNotListed('dwell')}`,
        ],
      ];
      for (const [overrides, message, details] of cases) {
        const response = await call(ADMIN, 'POST', CONFIGS, { templateGroupId: 'movement-pivot', organizationId: demoOrg, ...overrides });
        expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(response.json()).toEqual({ message, details, appStatusCode: 'BAD_REQUEST' });
      }
      const schemaCases = [
        { templateGroupId: 'movement-pivot', organizationId: demoOrg, queryParameters: { age: { hiden: true } } },
        { templateGroupId: 'movement-pivot', organizationId: demoOrg, queryParameters: { taxonomies: { maxValues: 0 } } },
        { templateGroupId: 'movement-pivot', organizationId: demoOrg, queryParameters: { taxonomies: { availableValues: [] } } },
        { templateGroupId: 'movement-pivot', organizationId: demoOrg, extra: 1 },
        { templateGroupId: 'movement-pivot', organizationId: 'demo' },
        { organizationId: demoOrg },
      ];
      for (const payload of schemaCases) {
        const response = await call(ADMIN, 'POST', CONFIGS, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().appStatusCode).toBe('VALIDATION_FAILED');
      }
      expect(await h.count('analytic_set_configs')).toBe(before);

      // A stored config refuses the same mistakes on PUT and stays as it was.
      const config = await created(ADMIN, CONFIGS, { ...body, organizationId: demoOrg });
      const bad = await call(ADMIN, 'PUT', `${CONFIGS}/${config.id}`, { queryParameters: { dwell: {} } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(Messages.parameterNotListed('dwell'));
      expect((await call(ADMIN, 'PUT', `${CONFIGS}/${config.id}`, {})).json().appStatusCode).toBe('VALIDATION_FAILED');
      expect((await call(ADMIN, 'GET', `${CONFIGS}/${config.id}`)).json()).toEqual(config);
      expect((await call(ADMIN, 'DELETE', `${CONFIGS}/${config.id}`)).statusCode).toBe(204);
    });

    it('answer 403 to non-administrators writing, 404 for unknown sets, organizations and configs, 409 for a second config', async () => {
      const before = await h.count('analytic_set_configs');
      for (const email of [ANALYST, VIEWER]) {
        const response = await call(email, 'POST', CONFIGS, { ...body, organizationId: demoOrg });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(ADMIN_ONLY);
      }
      const unknownSet = await call(ADMIN, 'POST', CONFIGS, { templateGroupId: 'foot-fall', organizationId: demoOrg });
      expect(unknownSet.json()).toEqual({ message: 'Analytic set not found', details: 'No analytic set foot-fall', appStatusCode: 'NOT_FOUND' });
      const nowhere = randomUUID();
      const unknownOrg = await call(ADMIN, 'POST', CONFIGS, { ...body, organizationId: nowhere });
      expect(unknownOrg.statusCode).toBe(404);
      expect(unknownOrg.json()).toEqual({ message: 'Organization not found', details: `No organization with id ${nowhere}`, appStatusCode: 'NOT_FOUND' });
      expect(await h.count('analytic_set_configs')).toBe(before);

      const config = await created(ADMIN, CONFIGS, { ...body, organizationId: demoOrg });
      const second = await call(ADMIN, 'POST', CONFIGS, { templateGroupId: 'movement-pivot', organizationId: demoOrg });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({
        message: 'A config for this analytic set and organization already exists',
        details: `movement-pivot for organization ${demoOrg}`,
        appStatusCode: 'CONFLICT',
      });
      expect(await h.count('analytic_set_configs')).toBe(before + 1);
      for (const [method, payload] of [['PUT', { templateParameters: {} }], ['DELETE', undefined]] as const) {
        const response = await call(ANALYST, method, `${CONFIGS}/${config.id}`, payload);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(ADMIN_ONLY);
      }
      expect((await call(ADMIN, 'GET', `${CONFIGS}/${config.id}`)).json()).toEqual(config);

      const missingSet = await call(ANALYST, 'GET', `${CONFIGS}/foot-fall/org/${demoOrg}`);
      expect(missingSet.statusCode).toBe(404);
      expect(missingSet.json().message).toBe('Analytic set not found');
      const none = await call(ANALYST, 'GET', `${CONFIGS}/customer-journey/org/${demoOrg}`);
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual(notFoundConfig(`No config of customer-journey for organization ${demoOrg}`));
      const foreign = await call(OUTSIDER, 'GET', `${CONFIGS}/movement-pivot/org/${demoOrg}`);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual({ message: 'You can read the configs of your own organization only', details: `Organization ${demoOrg}`, appStatusCode: 'FORBIDDEN' });
      expect((await call(null, 'GET', `${CONFIGS}/${config.id}`)).statusCode).toBe(401);
      expect((await call(ADMIN, 'GET', `${CONFIGS}/not-a-uuid`)).json().appStatusCode).toBe('VALIDATION_FAILED');

      // Administrators read and write other organizations' configs; members of those organizations read them too.
      const theirs = await created(ADMIN, CONFIGS, { templateGroupId: 'movement-pivot', organizationId: outsider.organizationId });
      expect((await call(OUTSIDER, 'GET', `${CONFIGS}/movement-pivot/org/${outsider.organizationId}`)).json()).toEqual(theirs);
      expect((await call(ANALYST, 'GET', `${CONFIGS}/${theirs.id}`)).statusCode).toBe(404);
      expect((await call(ADMIN, 'GET', `${CONFIGS}/movement-pivot/org/${outsider.organizationId}`)).json()).toEqual(theirs);
      for (const id of [config.id, theirs.id]) expect((await call(ADMIN, 'DELETE', `${CONFIGS}/${id}`)).statusCode).toBe(204);
    });

    it('answer 500 when one group and organization have several configs', async () => {
      for (const canExport of [true, false])
        await h.db.query(
          "INSERT INTO analytic_set_configs (id, template_group_id, organization_id, template_parameters) VALUES ($1, 'visitation-trends', $2, $3::jsonb)",
          [randomUUID(), demoOrg, JSON.stringify({ canExport })],
        );
      const response = await call(ANALYST, 'GET', `${CONFIGS}/visitation-trends/org/${demoOrg}`);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        message: Messages.multipleConfigs,
        details: `2 configs of visitation-trends for organization ${demoOrg}`,
        appStatusCode: 'INTERNAL_ERROR',
      });
      await expect(effectiveDefinition(h.db, demoOrg, ANALYTIC_SETS['visitation-trends'])).rejects.toMatchObject({ statusCode: 500, message: Messages.multipleConfigs });
      expect((await call(ADMIN, 'POST', CONFIGS, { templateGroupId: 'visitation-trends', organizationId: demoOrg })).statusCode).toBe(409);
      await h.db.query("DELETE FROM analytic_set_configs WHERE template_group_id = 'visitation-trends'");
    });
  });

  describe('query-param configs', () => {
    const definition = ANALYTIC_SETS['change-in-visits'];
    const definitionDefaults = () => Object.fromEntries(definition.queryParameters.map((parameter) => [parameter.id, parameter.defaultValue]));

    it('answer the definition defaults with id null until a group default is stored, which PUT creates and replaces', async () => {
      const initial = await call(VIEWER, 'GET', `${QUERY_PARAMS}/change-in-visits/default`);
      expect(initial.statusCode).toBe(200);
      expect(initial.json()).toEqual({ id: null, templateGroupId: 'change-in-visits', organizationId: null, values: definitionDefaults(), createdAt: null, updatedAt: null });
      expect(initial.json().values).toEqual({
        geographies: ['US'],
        taxonomies: [C0, C1, C2],
        analysisPeriod: { granularity: 'monthly', focus: '2025-12', benchmark: '2024-12' },
      });

      for (const email of [ANALYST, VIEWER]) {
        const refused = await call(email, 'PUT', `${QUERY_PARAMS}/change-in-visits/default`, { values: { geographies: ['US'] } });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual(ADMIN_ONLY);
      }
      const stored = await call(ADMIN, 'PUT', `${QUERY_PARAMS}/change-in-visits/default`, { values: { geographies: ['US', D0] } });
      expect(stored.statusCode, stored.body).toBe(200);
      expect(stored.json()).toEqual({ id: UUID, templateGroupId: 'change-in-visits', organizationId: null, values: { geographies: ['US', D0] }, createdAt: ISO, updatedAt: ISO });
      const replaced = await call(ADMIN, 'PUT', `${QUERY_PARAMS}/change-in-visits/default`, { values: { taxonomies: ['coffee-shops'] } });
      expect(replaced.json()).toEqual({ ...stored.json(), values: { taxonomies: ['coffee-shops'] }, updatedAt: ISO });
      expect(await rows('query_param_configs', 'template_group_id', 'change-in-visits')).toBe(1);
      expect((await call(OUTSIDER, 'GET', `${QUERY_PARAMS}/change-in-visits/default`)).json()).toEqual(replaced.json());
      expect((await call(OUTSIDER, 'GET', `${QUERY_PARAMS}/${stored.json().id}`)).json()).toEqual(replaced.json());

      const cases: Array<[object, string]> = [
        [{ geographies: ['nowhere'] }, 'Geography: unknown value "nowhere"'],
        [{ geographies: [] }, 'Geography is required'],
        [{ dwell: 1 }, Messages.parameterNotListed('dwell')],
        [{ analysisPeriod: { granularity: 'monthly', focus: '2024-01', benchmark: '2025-01' } }, 'Analysis Period: the benchmark comes after the focus'],
      ];
      for (const [values, message] of cases) {
        const response = await call(ADMIN, 'PUT', `${QUERY_PARAMS}/change-in-visits/default`, { values });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ message, appStatusCode: 'BAD_REQUEST' });
      }
      expect((await call(ADMIN, 'PUT', `${QUERY_PARAMS}/change-in-visits/default`, { values: {}, extra: 1 })).json().appStatusCode).toBe('VALIDATION_FAILED');
      expect((await call(VIEWER, 'GET', `${QUERY_PARAMS}/change-in-visits/default`)).json()).toEqual(replaced.json());
      const unknown = await call(VIEWER, 'GET', `${QUERY_PARAMS}/foot-fall/default`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Analytic set not found');
      expect((await call(ADMIN, 'PUT', `${QUERY_PARAMS}/foot-fall/default`, { values: {} })).statusCode).toBe(404);
    });

    it('are created per organization by administrators, read by members, replaced and deleted', async () => {
      const refused = await call(ANALYST, 'POST', QUERY_PARAMS, { templateGroupId: 'change-in-visits', organizationId: demoOrg, values: {} });
      expect(refused.statusCode).toBe(403);
      const config = await created(ADMIN, QUERY_PARAMS, { templateGroupId: 'change-in-visits', organizationId: demoOrg, values: { geographies: [D1] } });
      expect(config).toEqual({ id: UUID, templateGroupId: 'change-in-visits', organizationId: demoOrg, values: { geographies: [D1] }, createdAt: ISO, updatedAt: ISO });
      for (const email of [ANALYST, VIEWER, ADMIN]) expect((await call(email, 'GET', `${QUERY_PARAMS}/${config.id}`)).json()).toEqual(config);
      const hidden = await call(OUTSIDER, 'GET', `${QUERY_PARAMS}/${config.id}`);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual(notFoundConfig(`No query-param config with id ${config.id}`));

      const again = await call(ADMIN, 'POST', QUERY_PARAMS, { templateGroupId: 'change-in-visits', organizationId: demoOrg, values: {} });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('A query-param config for this analytic set and organization already exists');
      await call(ADMIN, 'PUT', `${QUERY_PARAMS}/indexed-foot-traffic/default`, { values: {} });
      const groupAgain = await call(ADMIN, 'POST', QUERY_PARAMS, { templateGroupId: 'indexed-foot-traffic', organizationId: null, values: {} });
      expect(groupAgain.statusCode).toBe(409);
      expect(groupAgain.json()).toEqual({
        message: 'The group default already exists',
        details: 'PUT /v1/bi/query-param-configs/indexed-foot-traffic/default changes it',
        appStatusCode: 'CONFLICT',
      });
      const groupDefault = await created(ADMIN, QUERY_PARAMS, { templateGroupId: 'customer-journey', organizationId: null, values: { showTopVisitsBy: 'category' } });
      expect((await call(OUTSIDER, 'GET', `${QUERY_PARAMS}/customer-journey/default`)).json()).toEqual(groupDefault);
      const nowhere = randomUUID();
      expect((await call(ADMIN, 'POST', QUERY_PARAMS, { templateGroupId: 'customer-journey', organizationId: nowhere, values: {} })).json().message).toBe('Organization not found');
      expect((await call(ADMIN, 'POST', QUERY_PARAMS, { templateGroupId: 'foot-fall', organizationId: demoOrg, values: {} })).statusCode).toBe(404);
      const badValues = await call(ADMIN, 'POST', QUERY_PARAMS, { templateGroupId: 'customer-journey', organizationId: demoOrg, values: { primary: [C0, C1] } });
      expect(badValues.statusCode).toBe(400);
      expect(badValues.json().message).toBe('Primary Chain or Category must be a string');
      expect((await call(ADMIN, 'POST', QUERY_PARAMS, { templateGroupId: 'customer-journey', values: {} })).json().appStatusCode).toBe('VALIDATION_FAILED');
      expect(await rows('query_param_configs', 'template_group_id', 'customer-journey')).toBe(1);

      expect((await call(ANALYST, 'PUT', `${QUERY_PARAMS}/${config.id}`, { values: {} })).statusCode).toBe(403);
      const replaced = await call(ADMIN, 'PUT', `${QUERY_PARAMS}/${config.id}`, { values: { geographies: [D2], taxonomies: ['coffee-shops'] } });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json()).toEqual({ ...config, values: { geographies: [D2], taxonomies: ['coffee-shops'] }, updatedAt: ISO });
      const bad = await call(ADMIN, 'PUT', `${QUERY_PARAMS}/${config.id}`, { values: { taxonomies: [C0, C1, C2, C3, 'coffee-shops', 'fast-food', 'cinemas', 'pharmacies'] } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Category and/or Chain takes at most 7 values');
      expect((await call(ADMIN, 'GET', `${QUERY_PARAMS}/${config.id}`)).json()).toEqual(replaced.json());

      expect((await call(ANALYST, 'DELETE', `${QUERY_PARAMS}/${config.id}`)).statusCode).toBe(403);
      expect((await call(ADMIN, 'DELETE', `${QUERY_PARAMS}/${config.id}`)).statusCode).toBe(204);
      expect((await call(ADMIN, 'GET', `${QUERY_PARAMS}/${config.id}`)).statusCode).toBe(404);
      expect((await call(ADMIN, 'DELETE', `${QUERY_PARAMS}/${config.id}`)).statusCode).toBe(404);
    });
  });

  describe('effective definition', () => {
    const definition = ANALYTIC_SETS['cross-visitation'];
    const index = (id: string) => definition.queryParameters.findIndex((parameter) => parameter.id === id);
    /** The definition with some parameters replaced by hand. */
    const expected = (changes: Record<string, object>): AnalyticSetDefinition => ({
      ...definition,
      queryParameters: definition.queryParameters.map((parameter) => ({ ...parameter, ...changes[parameter.id] })),
    });

    it('applies the organization config, its query-param values and the group default in that order', async () => {
      expect(await effectiveDefinition(h.db, demoOrg, definition)).toEqual(definition);

      await call(ADMIN, 'PUT', `${QUERY_PARAMS}/cross-visitation/default`, { values: { geography: D0, chains: [C3] } });
      expect(await effectiveDefinition(h.db, outsider.organizationId, definition)).toEqual(expected({ geography: { defaultValue: D0 }, chains: { defaultValue: [C3] } }));

      await created(ADMIN, CONFIGS, {
        templateGroupId: 'cross-visitation',
        organizationId: demoOrg,
        queryParameters: { geography: { defaultValue: D1 }, chains: { availableValues: [C3, C0, C1], maxValues: 2, defaultValue: [C1] }, focusChain: { hidden: false } },
      });
      const names = labels().PLACE_TAXONOMY;
      const narrowedChains = { availableValues: [C0, C1, C3], labelValueMap: { [C0]: names[C0], [C1]: names[C1], [C3]: names[C3] }, maxValues: 2 };
      // The group default [C3] fits the narrowed chains, but the organization's config default comes first.
      expect(await effectiveDefinition(h.db, demoOrg, definition)).toEqual(
        expected({ geography: { defaultValue: D1 }, chains: { ...narrowedChains, defaultValue: [C1] }, focusChain: { hidden: false } }),
      );
      // The outsider's organization has no config: only the group default applies.
      expect((await effectiveDefinition(h.db, outsider.organizationId, definition)).queryParameters[index('chains')]).toEqual({
        ...definition.queryParameters[index('chains')],
        defaultValue: [C3],
      });

      await created(ADMIN, QUERY_PARAMS, { templateGroupId: 'cross-visitation', organizationId: demoOrg, values: { geography: D2, chains: [C2] } });
      // C2 is outside the organization's narrowed chains, so that value is passed over for the config's default.
      expect(await effectiveDefinition(h.db, demoOrg, definition)).toEqual(
        expected({ geography: { defaultValue: D2 }, chains: { ...narrowedChains, defaultValue: [C1] }, focusChain: { hidden: false } }),
      );
    });

    it('merges template parameters', async () => {
      const pivot = ANALYTIC_SETS['movement-pivot'];
      await created(ADMIN, CONFIGS, { templateGroupId: 'movement-pivot', organizationId: outsider.organizationId, templateParameters: { canExport: true } });
      expect(await effectiveDefinition(h.db, outsider.organizationId, pivot)).toEqual({ ...pivot, templateParameters: { ...pivot.templateParameters, canExport: true } });
      expect((await effectiveDefinition(h.db, demoOrg, pivot)).templateParameters).toEqual({ canExport: false, minDevices: 30, lowConfidence: 'mark' });
    });
  });

  describe('shared parameters', () => {
    const values = { dma: D0, period: MONTHS, chains: [C0, C2] };

    it('are created by makers with values checked like a query against their organization’s view of the set', async () => {
      const shared = await created(ANALYST, SHARED, { templateGroupId: 'audience-insight', values, description: 'Q1 coffee' });
      expect(shared).toEqual({
        id: UUID,
        templateGroupId: 'audience-insight',
        organizationId: demoOrg,
        ownerId: analyst,
        values,
        description: 'Q1 coffee',
        createdAt: ISO,
        updatedAt: ISO,
      });
      expect((await created(ANALYST, SHARED, { templateGroupId: 'audience-insight', values })).description).toBe('');

      const before = await h.count('shared_parameters');
      const viewer = await call(VIEWER, 'POST', SHARED, { templateGroupId: 'audience-insight', values });
      expect(viewer.statusCode).toBe(403);
      expect(viewer.json()).toEqual({ message: 'A viewer seat cannot create shared parameters', details: 'Ask an administrator for a maker seat', appStatusCode: 'FORBIDDEN' });
      const cases: Array<[object, string, string]> = [
        [{ dma: D0, period: MONTHS }, 'Chains is required', 'chains: Chains is required'],
        [{ ...values, dwell: 1 }, Messages.parameterNotListed('dwell'), `dwell: ${Messages.parameterNotListed('dwell')}`],
        [{ ...values, dma: 'US' }, 'DMA: unknown value "US"', 'dma: DMA: unknown value "US"'],
      ];
      for (const [bad, message, details] of cases) {
        const response = await call(ANALYST, 'POST', SHARED, { templateGroupId: 'audience-insight', values: bad });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message, details, appStatusCode: 'BAD_REQUEST' });
      }
      expect((await call(ANALYST, 'POST', SHARED, { templateGroupId: 'foot-fall', values })).statusCode).toBe(404);
      expect((await call(ANALYST, 'POST', SHARED, { templateGroupId: 'audience-insight', values, owner: analyst })).json().appStatusCode).toBe('VALIDATION_FAILED');

      // Narrowing the demo organization's chains refuses C2 there, while another organization may still share it.
      await created(ADMIN, CONFIGS, {
        templateGroupId: 'audience-insight',
        organizationId: demoOrg,
        queryParameters: { chains: { availableValues: [C0, C1], defaultValue: [C0] } },
      });
      const narrowed = await call(ANALYST, 'POST', SHARED, { templateGroupId: 'audience-insight', values });
      expect(narrowed.statusCode).toBe(400);
      expect(narrowed.json().message).toBe(`Chains: unknown value "${C2}"`);
      expect(await h.count('shared_parameters')).toBe(before);
      expect((await created(OUTSIDER, SHARED, { templateGroupId: 'audience-insight', values })).organizationId).toBe(outsider.organizationId);
    });

    it('are read by the owner, the organization, administrators and invited e-mails, once someone signs in with one', async () => {
      const shared = await created(ANALYST, SHARED, { templateGroupId: 'customer-journey', values: { primary: C0, geography: 'US', analysisPeriod: MONTHS } });
      const url = `${SHARED}/${shared.id}`;
      for (const email of [ANALYST, VIEWER, ADMIN]) expect((await call(email, 'GET', url)).json()).toEqual(shared);
      const hidden = await call(OUTSIDER, 'GET', url);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ message: 'Shared parameters not found', details: `No shared parameters with id ${shared.id}`, appStatusCode: 'NOT_FOUND' });

      const invite = { emails: ['Outsider@BI.test', 'late@bi.test', 'outsider@bi.test'], description: 'Have a look' };
      const byViewer = await call(VIEWER, 'POST', `${url}/invite`, invite);
      expect(byViewer.statusCode).toBe(403);
      expect(byViewer.json()).toEqual({ message: 'Only the owner can invite to shared parameters', details: `Shared parameters ${shared.id}`, appStatusCode: 'FORBIDDEN' });
      expect((await call(OUTSIDER, 'POST', `${url}/invite`, invite)).statusCode).toBe(404);
      for (const bad of [{ emails: [], description: '' }, { emails: ['not-an-email'], description: '' }, { emails: ['a@b.test'] }, { emails: Array.from({ length: 51 }, (_, i) => `p${i}@bi.test`), description: '' }]) {
        const response = await call(ANALYST, 'POST', `${url}/invite`, bad);
        expect(response.statusCode).toBe(400);
        expect(response.json().appStatusCode).toBe('VALIDATION_FAILED');
      }
      expect(await rows('shared_parameter_invitations', 'shared_parameters_id', shared.id)).toBe(0);

      const invited = await created(ANALYST, `${url}/invite`, invite);
      const invitation = (email: string, description: string, invitedBy: string) => ({
        id: UUID,
        sharedParametersId: shared.id,
        email,
        description,
        invitedBy,
        createdAt: ISO,
        updatedAt: ISO,
      });
      expect(invited).toEqual({ items: [invitation(OUTSIDER, 'Have a look', analyst), invitation('late@bi.test', 'Have a look', analyst)] });
      expect(await rows('shared_parameter_invitations', 'shared_parameters_id', shared.id)).toBe(2);
      expect((await call(OUTSIDER, 'GET', url)).json()).toEqual(shared);

      // late@bi.test has no account yet; once one exists and signs in, the invitation lets it read.
      await addUser(h.db, { email: 'Late@bi.test', organization: 'BI Late' });
      await addUser(h.db, { email: 'stranger@bi.test', organization: 'BI Late' });
      expect((await call('late@bi.test', 'GET', url)).json()).toEqual(shared);
      expect((await call('stranger@bi.test', 'GET', url)).statusCode).toBe(404);
      // Invitees read but do not invite.
      expect((await call('late@bi.test', 'POST', `${url}/invite`, { emails: ['stranger@bi.test'], description: '' })).statusCode).toBe(403);

      // Inviting again keeps one invitation per e-mail, with the new description; administrators may invite too.
      const again = await created(ADMIN, `${url}/invite`, { emails: ['LATE@bi.test'], description: 'Reminder' });
      const adminId = (await h.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [ADMIN]))[0]!.id;
      expect(again).toEqual({ items: [{ ...invitation('late@bi.test', 'Reminder', adminId), id: invited.items[1].id, createdAt: invited.items[1].createdAt }] });
      expect(await rows('shared_parameter_invitations', 'shared_parameters_id', shared.id)).toBe(2);

      // Administrators read other organizations' shared parameters.
      const theirs = await created(OUTSIDER, SHARED, { templateGroupId: 'customer-journey', values: { primary: 'coffee-shops', geography: D0, analysisPeriod: MONTHS } });
      expect((await call(ADMIN, 'GET', `${SHARED}/${theirs.id}`)).json()).toEqual(theirs);
      expect((await call(ANALYST, 'GET', `${SHARED}/${theirs.id}`)).statusCode).toBe(404);
      expect((await call(ANALYST, 'GET', `${SHARED}/${randomUUID()}`)).statusCode).toBe(404);
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
    });
  });
});
