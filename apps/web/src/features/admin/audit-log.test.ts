import { describe, expect, it } from 'vitest';
import { auditFiltersOf, describeActor, describeChange } from './audit-log';

describe('audit log section model', () => {
  it('reads the filters of the address, days as instants, the end day included', () => {
    const params = new URLSearchParams('actorId=u1&action=grant.create&from=2026-11-01&to=2026-11-02&resourceType=&page=3');
    expect(auditFiltersOf(params)).toEqual({ actorId: 'u1', action: 'grant.create', from: '2026-11-01T00:00:00.000Z', to: '2026-11-03T00:00:00.000Z' });
    expect(auditFiltersOf(new URLSearchParams('from=yesterday&to=2026-13-45'))).toEqual({});
  });

  it('says what an update changed, and what a create or delete made or removed', () => {
    expect(describeChange({ action: 'update', change: { name: { from: 'A', to: 'B' }, seat: { from: 'viewer', to: 'maker' } } })).toBe('name: “A” → “B”; seat: “viewer” → “maker”');
    expect(describeChange({ action: 'update', change: { description: { from: null, to: 'x'.repeat(80) } } })).toBe(`description: nothing → “${'x'.repeat(59)}…”`);
    expect(describeChange({ action: 'create', change: { id: 'm1', name: 'Stores' } })).toBe('Made “Stores”');
    expect(describeChange({ action: 'grant.delete', change: { id: 'g1', role: 'viewer', grantee_id: 'u2' } })).toBe('Removed “viewer”');
    expect(describeChange({ action: 'tag.create', change: { tag_id: 't1', resource_id: 'm1' } })).toBe('Made (2 fields)');
  });

  it('names the actor and how they acted', () => {
    const actor = { id: 'u1', name: 'Ann Lee', email: 'ann@example.com' };
    expect(describeActor({ actor, via: 'session', adminMode: false })).toBe('Ann Lee');
    expect(describeActor({ actor, via: 'api-key', adminMode: true })).toBe('Ann Lee (administrator mode, API key)');
    expect(describeActor({ actor: null, via: 'anonymous', adminMode: false })).toBe('Nobody signed in');
  });
});
