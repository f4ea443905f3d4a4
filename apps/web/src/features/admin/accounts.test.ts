import { describe, expect, it } from 'vitest';
import type { User } from '@atlas/domain';
import { MAX_SECONDARIES, MERGE_COUNT_LABELS, primaryRefusal, secondaryRefusal, summaryRows, usageChanges, userSearch, type MergeCounts } from './accounts';

const user = (id: string, organizationId = 'o1') => ({ id, name: id, email: `${id}@example.com`, organization: { id: organizationId, name: organizationId === 'o1' ? 'Demo' : 'Other' }, seat: 'maker' }) as User;
const zero = Object.fromEntries(Object.keys(MERGE_COUNT_LABELS).map((kind) => [kind, 0])) as MergeCounts;
const usage = { maps: 1, datasets: 0, insights: 0, workbooks: 0, dataConnections: 0, storageMegabytes: 0 };

describe('account merge in the console', () => {
  it('lists only the kinds that move, in summary order', () => {
    expect(summaryRows({ ...zero, grantsMoved: 2, maps: 3, tags: 1 })).toEqual([
      { kind: 'maps', label: 'Maps', count: 3 },
      { kind: 'tags', label: 'Tags they made', count: 1 },
      { kind: 'grantsMoved', label: 'Grants passed to the primary', count: 2 },
    ]);
    expect(summaryRows(zero)).toEqual([]);
  });

  it('shows the quota use that changes', () => {
    expect(usageChanges({ quotaUsage: { before: usage, after: { ...usage, maps: 4, storageMegabytes: 2 } } })).toEqual([
      { key: 'maps', label: 'maps', before: 1, after: 4 },
      { key: 'storageMegabytes', label: 'storage (MB)', before: 0, after: 2 },
    ]);
  });

  it('offers a secondary only from the primary’s organization, never the signed-in administrator or the primary', () => {
    const primary = user('p');
    expect(secondaryRefusal(user('s'), primary, [], 'me')).toBeNull();
    expect(secondaryRefusal(user('s'), null, [], 'me')).toBeNull();
    expect(secondaryRefusal(user('me'), primary, [], 'me')).toBe('You cannot merge away your own account');
    expect(secondaryRefusal(primary, primary, [], 'me')).toBe('This is the primary account');
    expect(secondaryRefusal(user('s'), primary, [user('s')], 'me')).toBe('Already a secondary');
    expect(secondaryRefusal(user('x', 'o2'), primary, [], 'me')).toBe('Not in Demo, the primary’s organization');
    const many = Array.from({ length: MAX_SECONDARIES }, (_, index) => user(`s${index}`));
    expect(secondaryRefusal(user('s'), primary, many, 'me')).toBe(`At most ${MAX_SECONDARIES} secondaries at a time`);
  });

  it('offers a primary in the secondaries’ organization that is not one of them', () => {
    expect(primaryRefusal(user('p'), [user('s')])).toBeNull();
    expect(primaryRefusal(user('s'), [user('s')])).toBe('Already a secondary');
    expect(primaryRefusal(user('p', 'o2'), [user('s')])).toBe('s@example.com is in another organization');
  });

  it('looks up a whole address, searches names otherwise', () => {
    expect(userSearch('  ')).toBeNull();
    expect(userSearch(' ann@example.org ')).toEqual({ email: 'ann@example.org' });
    expect(userSearch('Ann Lee')).toEqual({ name: 'Ann Lee' });
    expect(userSearch('ann@')).toEqual({ name: 'ann@' });
  });
});
