import { describe, expect, it } from 'vitest';
import { changesCount } from './reconcile';

describe('changesCount', () => {
  it('adds the usage and dataset corrections of a report', () => {
    expect(changesCount({ usageChanges: [], datasetChanges: [] })).toBe(0);
    expect(changesCount({ usageChanges: [{}], datasetChanges: [{}, {}] })).toBe(3);
  });
});
