import { describe, expect, it } from 'vitest';
import { recordingRequest } from '../test-support.js';
import { createBiConfigApi } from './bi-config.js';

describe('BI configuration calls', () => {
  it('hit the spec paths with the bodies given', async () => {
    const { request, calls } = recordingRequest();
    const api = createBiConfigApi(request);
    const overrides = { templateParameters: { canExport: true }, queryParameters: { age: { hidden: true } } };
    await api.analyticSetConfigs.forOrganization('movement-pivot', 'o 1');
    await api.analyticSetConfigs.get('c1');
    await api.analyticSetConfigs.create({ templateGroupId: 'movement-pivot', organizationId: 'o1', ...overrides });
    await api.analyticSetConfigs.update('c1', { templateParameters: { canExport: false } });
    await api.analyticSetConfigs.remove('c1');
    await api.queryParamConfigs.get('q1');
    await api.queryParamConfigs.create({ templateGroupId: 'change-in-visits', organizationId: null, values: { geographies: ['US'] } });
    await api.queryParamConfigs.update('q1', { geographies: ['501'] });
    await api.queryParamConfigs.remove('q1');
    await api.queryParamConfigs.getDefault('change-in-visits');
    await api.queryParamConfigs.setDefault('change-in-visits', { geographies: ['US'] });
    await api.sharedParameters.get('s/1');
    await api.sharedParameters.create({ templateGroupId: 'audience-insight', values: { dma: '501' }, description: 'Q1' });
    await api.sharedParameters.invite('s1', { emails: ['a@b.test'], description: 'Look' });
    expect(calls).toEqual([
      ['GET', 'https://api.test/v1/bi/analytic-set-configs/movement-pivot/org/o%201', undefined],
      ['GET', 'https://api.test/v1/bi/analytic-set-configs/c1', undefined],
      ['POST', 'https://api.test/v1/bi/analytic-set-configs', { templateGroupId: 'movement-pivot', organizationId: 'o1', ...overrides }],
      ['PUT', 'https://api.test/v1/bi/analytic-set-configs/c1', { templateParameters: { canExport: false } }],
      ['DELETE', 'https://api.test/v1/bi/analytic-set-configs/c1', undefined],
      ['GET', 'https://api.test/v1/bi/query-param-configs/q1', undefined],
      ['POST', 'https://api.test/v1/bi/query-param-configs', { templateGroupId: 'change-in-visits', organizationId: null, values: { geographies: ['US'] } }],
      ['PUT', 'https://api.test/v1/bi/query-param-configs/q1', { values: { geographies: ['501'] } }],
      ['DELETE', 'https://api.test/v1/bi/query-param-configs/q1', undefined],
      ['GET', 'https://api.test/v1/bi/query-param-configs/change-in-visits/default', undefined],
      ['PUT', 'https://api.test/v1/bi/query-param-configs/change-in-visits/default', { values: { geographies: ['US'] } }],
      ['GET', 'https://api.test/v1/bi/shared-parameters/s%2F1', undefined],
      ['POST', 'https://api.test/v1/bi/shared-parameters', { templateGroupId: 'audience-insight', values: { dma: '501' }, description: 'Q1' }],
      ['POST', 'https://api.test/v1/bi/shared-parameters/s1/invite', { emails: ['a@b.test'], description: 'Look' }],
    ]);
  });
});
