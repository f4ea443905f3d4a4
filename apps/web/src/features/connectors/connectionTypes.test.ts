import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, type FeatureFlags } from '@atlas/domain';
import { STORAGE_TYPES, WAREHOUSE_TYPES, typeGroups } from './connectionTypes';

const allOn = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, true])) as FeatureFlags;

describe('typeGroups', () => {
  it('offers the warehouses and, with storage-connectors-enabled, the storage types', () => {
    expect(typeGroups(allOn)).toEqual([
      { label: 'Warehouses', types: WAREHOUSE_TYPES },
      { label: 'Storage', types: STORAGE_TYPES },
    ]);
    expect(STORAGE_TYPES.map((entry) => entry.type)).toEqual(['s3', 'google-cloud-storage', 'planet']);
  });

  it('leaves the storage types out when the flag is off or not read yet', () => {
    expect(typeGroups({ ...allOn, 'storage-connectors-enabled': false })).toEqual([{ label: 'Warehouses', types: WAREHOUSE_TYPES }]);
    expect(typeGroups(null)).toEqual([{ label: 'Warehouses', types: WAREHOUSE_TYPES }]);
  });
});
