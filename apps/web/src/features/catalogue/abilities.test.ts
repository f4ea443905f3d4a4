import type { CallerAction } from '@atlas/domain';
import { describe, expect, it } from 'vitest';
import { canCreate, ownerLabel, recordAbilities } from './abilities';

const maker = { seat: 'maker' as const };
const viewerSeat = { seat: 'viewer' as const };
const record = (...actions: CallerAction[]) => ({ actions });

describe('recordAbilities', () => {
  it('offers an owner or editor everything the answer lists', () => {
    expect(recordAbilities(record('read', 'write', 'delete', 'copy', 'share', 'download'), maker)).toEqual({
      write: true,
      delete: true,
      share: true,
      clone: true,
      download: true,
      newMap: true,
    });
  });

  it('offers a reader with a copy right a clone and a download, nothing that changes the record', () => {
    expect(recordAbilities(record('read', 'copy', 'download'), maker)).toEqual({ write: false, delete: false, share: false, clone: true, download: true, newMap: true });
  });

  it('offers a limited viewer nothing but reading', () => {
    expect(recordAbilities(record('read'), maker)).toEqual({ write: false, delete: false, share: false, clone: false, download: false, newMap: true });
  });

  it('never offers a viewer seat creating, whatever the record allows it', () => {
    expect(recordAbilities(record('read', 'download'), viewerSeat)).toEqual({ write: false, delete: false, share: false, clone: false, download: true, newMap: false });
    expect(canCreate(viewerSeat)).toBe(false);
    expect(canCreate(maker)).toBe(true);
  });
});

describe('ownerLabel', () => {
  it('says you for your own records and names every other owner', () => {
    const user = { id: 'me' };
    expect(ownerLabel({ ownerId: 'me', owner: { id: 'me', name: 'Me Myself' } }, user)).toBe('You');
    expect(ownerLabel({ ownerId: 'admin', owner: { id: 'admin', name: 'Ada Admin' } }, user)).toBe('Ada Admin');
  });
});
