import { describe, expect, it } from 'vitest';
import type { PermissionListing, PermissionRole } from '@atlas/domain';
import { grantRows, parseEmails } from './grants';

const permission = (id: string, role: PermissionRole) => ({ id, role, actions: [], createdAt: '2025-01-01T00:00:00Z' });

describe('grantRows', () => {
  it('lists people by name, then pending e-mails, organizations and seat groups', () => {
    const listing: PermissionListing = {
      resourceType: 'insight',
      resourceId: 'r',
      visibility: 'private',
      ownerId: 'o',
      users: [
        { id: 'u2', name: 'Zoe', email: 'zoe@x.org', seat: 'maker', permission: permission('p2', 'editor') },
        { id: 'u1', name: 'Ann', email: 'ann@x.org', seat: 'viewer', permission: permission('p1', 'viewer') },
      ],
      emails: [{ email: 'new@x.org', permission: permission('p3', 'viewer') }],
      organizations: [{ id: 'org', name: 'Demo', permission: permission('p4', 'limited-viewer') }],
      roles: [{ role: 'maker', permission: permission('p5', 'editor') }],
    };
    expect(grantRows(listing, 'Demo').map((row) => [row.permissionId, row.kind, row.label, row.detail, row.role])).toEqual([
      ['p1', 'user', 'Ann', 'ann@x.org', 'viewer'],
      ['p2', 'user', 'Zoe', 'zoe@x.org', 'editor'],
      ['p3', 'email', 'new@x.org', 'Invitation pending', 'viewer'],
      ['p4', 'organization', 'Everyone in Demo', 'Organization', 'limited-viewer'],
      ['p5', 'role', 'Makers in Demo', 'Seat group', 'editor'],
    ]);
  });
});

describe('parseEmails', () => {
  it('splits on commas, semicolons, spaces and lines, lowercases and drops repeats', () => {
    expect(parseEmails(' A@x.org, b@y.com;\nc@z.io  a@X.org ')).toEqual({ emails: ['a@x.org', 'b@y.com', 'c@z.io'], invalid: [] });
  });

  it('reports what is not an address', () => {
    expect(parseEmails('ok@x.org, nope, @x.org, a@b')).toEqual({ emails: ['ok@x.org'], invalid: ['nope', '@x.org', 'a@b'] });
    expect(parseEmails('  ')).toEqual({ emails: [], invalid: [] });
  });
});
