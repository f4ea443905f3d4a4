import { describe, expect, it } from 'vitest';
import type { ProjectResource } from '@atlas/domain';
import { placementOf } from './placement';

const at = '2026-01-01T00:00:00.000Z';
const entries: ProjectResource[] = [
  { id: 'e1', folderId: 'f1', resourceType: 'map', resource: { id: 'm1', name: 'Stores', description: '', updatedAt: at }, createdAt: at, updatedAt: at },
  { id: 'e2', folderId: null, resourceType: 'dataset', resource: { id: 'm1', name: 'Same id, other type', description: '', updatedAt: at }, createdAt: at, updatedAt: at },
];

describe('placementOf', () => {
  it('adds a resource the project does not hold yet', () => {
    expect(placementOf({ kind: 'resource', resourceType: 'map', resourceId: 'm2', name: 'New' }, 'f1', entries)).toEqual({ action: 'add', resourceType: 'map', resourceId: 'm2' });
  });

  it('moves a resource already in the project instead of adding it twice, matching type and id', () => {
    expect(placementOf({ kind: 'resource', resourceType: 'map', resourceId: 'm1', name: 'Stores' }, null, entries)).toEqual({ action: 'move', entryId: 'e1' });
    expect(placementOf({ kind: 'resource', resourceType: 'dataset', resourceId: 'm1', name: '' }, 'f1', entries)).toEqual({ action: 'move', entryId: 'e2' });
  });

  it('does nothing when the item is already where it is dropped', () => {
    expect(placementOf({ kind: 'resource', resourceType: 'map', resourceId: 'm1', name: 'Stores' }, 'f1', entries)).toEqual({ action: 'none' });
    expect(placementOf({ kind: 'entry', entryId: 'e2', name: '' }, null, entries)).toEqual({ action: 'none' });
  });

  it('moves an entry to another folder, and ignores an entry that is gone', () => {
    expect(placementOf({ kind: 'entry', entryId: 'e2', name: '' }, 'f1', entries)).toEqual({ action: 'move', entryId: 'e2' });
    expect(placementOf({ kind: 'entry', entryId: 'e9', name: '' }, 'f1', entries)).toEqual({ action: 'none' });
  });
});
