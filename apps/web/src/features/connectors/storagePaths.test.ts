import { describe, expect, it } from 'vitest';
import { crumbsOf, entryName } from './storagePaths';

describe('storage locations', () => {
  it('goes back up through the buckets, the bucket and each folder', () => {
    expect(crumbsOf({ bucket: 'lake', prefix: 'exports/2024/' }, 'lake')).toEqual([
      { label: 'Buckets', location: { bucket: null, prefix: '' } },
      { label: 'lake', location: { bucket: 'lake', prefix: '' } },
      { label: 'exports', location: { bucket: 'lake', prefix: 'exports/' } },
      { label: '2024', location: { bucket: 'lake', prefix: 'exports/2024/' } },
    ]);
  });

  it("starts at the connection's own bucket when it names one, and at the buckets when it names none", () => {
    expect(crumbsOf({ bucket: null, prefix: 'a/' }, 'own')).toEqual([
      { label: 'own', location: { bucket: null, prefix: '' } },
      { label: 'a', location: { bucket: null, prefix: 'a/' } },
    ]);
    expect(crumbsOf({ bucket: null, prefix: '' }, null)).toEqual([{ label: 'Buckets', location: { bucket: null, prefix: '' } }]);
  });

  it('names entries by their last part', () => {
    expect(entryName({ kind: 'bucket', key: 'lake' })).toBe('lake');
    expect(entryName({ kind: 'folder', key: 'exports/2024/' })).toBe('2024/');
    expect(entryName({ kind: 'object', key: 'exports/2024/points.csv.gz' })).toBe('points.csv.gz');
    expect(entryName({ kind: 'object', key: 'top.csv' })).toBe('top.csv');
  });
});
