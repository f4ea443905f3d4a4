import { describe, expect, it } from 'vitest';
import { recordingRequest } from '../test-support.js';
import { createAnalyticsApi } from './analytics.js';

describe('analytics calls', () => {
  it('hits the spec paths', async () => {
    const { request, calls } = recordingRequest();
    const api = createAnalyticsApi(request);
    await api.getSet('change-in-visits');
    await api.getSet('cross-visitation', { impersonateOrganizationId: 'o1' });
    await api.labels();
    await api.query('visitation-trends', 'median-dwell-time', { dma: '501' }, { expectData: true });
    expect(calls).toEqual([
      ['GET', 'https://api.test/v1/analytic-sets/change-in-visits', undefined],
      ['GET', 'https://api.test/v1/analytic-sets/cross-visitation?impersonateOrganizationId=o1', undefined],
      ['GET', 'https://api.test/v1/labels', undefined],
      ['POST', 'https://api.test/v1/query/visitation-trends/template/median-dwell-time?expectData=true', { parameters: { dma: '501' } }],
    ]);
  });
});
