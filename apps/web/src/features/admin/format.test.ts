import { describe, expect, it } from 'vitest';
import type { QuotaPolicy } from '@atlas/domain';
import { policyName } from './format';

const limits = { maps: 1, datasets: 1, insights: 1, workbooks: 1, dataConnections: 1, storageMegabytes: 1 };
const policies: QuotaPolicy[] = [{ id: 'maker', name: 'Maker', description: '', limits }];

describe('policyName', () => {
  it('names a known policy and shows an unknown id as it is', () => {
    expect(policyName(policies, 'maker')).toBe('Maker');
    expect(policyName(policies, 'gold')).toBe('gold');
    expect(policyName(undefined, 'maker')).toBe('maker');
  });
});
