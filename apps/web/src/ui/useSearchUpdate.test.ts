import { describe, expect, it } from 'vitest';
import { withChanges } from './useSearchUpdate';

describe('withChanges', () => {
  it('sets, replaces and drops parameters, leaving the others', () => {
    const before = new URLSearchParams('resourceId=r1&action=create&page=2');
    const cleared = withChanges(before, { resourceId: null, action: null, page: null });
    expect(cleared.toString()).toBe('');
    // Applied to what was last asked for (not to the address of the last render), a second change keeps the first.
    expect(withChanges(cleared, { resourceType: 'user', page: null }).toString()).toBe('resourceType=user');
    expect(withChanges(before, { action: '', q: 'harbour' }).toString()).toBe('resourceId=r1&page=2&q=harbour');
    expect(before.toString()).toBe('resourceId=r1&action=create&page=2');
  });
});
