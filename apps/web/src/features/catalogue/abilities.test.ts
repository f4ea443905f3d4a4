import { describe, expect, it } from 'vitest';
import { canCreate, needsGrantCheck, ownerLabel, recordAbilities } from './abilities';

const org = { id: 'org', name: 'Demo' };
const maker = { id: 'me', seat: 'maker' as const, organization: org };
const viewerSeat = { id: 'me', seat: 'viewer' as const, organization: org };
const mine = { ownerId: 'me', organizationId: 'org' };
const colleagues = { ownerId: 'admin', organizationId: 'org' };
const foreign = { ownerId: 'stranger', organizationId: 'elsewhere' };

describe('recordAbilities', () => {
  it('gives the owner with a maker seat everything', () => {
    expect(recordAbilities(mine, maker, 'unknown')).toEqual({ write: true, delete: true, share: true, clone: true, download: true, newMap: true });
  });

  it('lets organization members read, clone and download, but not change what a colleague owns', () => {
    expect(recordAbilities(colleagues, maker, 'no')).toEqual({ write: false, delete: false, share: false, clone: true, download: true, newMap: true });
  });

  it('lets an editor grant write, delete and share', () => {
    expect(recordAbilities(foreign, maker, 'yes')).toMatchObject({ write: true, delete: true, share: true, clone: true });
  });

  it('offers no copy of another organization’s dataset unless the grant is known to allow it', () => {
    expect(recordAbilities(foreign, maker, 'no')).toEqual({ write: false, delete: false, share: false, clone: false, download: false, newMap: true });
  });

  it('leaves a viewer seat reading (and downloading what its organization holds), never creating or changing', () => {
    expect(recordAbilities(colleagues, viewerSeat, 'unknown')).toEqual({ write: false, delete: false, share: false, clone: false, download: true, newMap: false });
    expect(recordAbilities(mine, viewerSeat, 'unknown')).toMatchObject({ write: false, delete: false, clone: false });
    expect(canCreate(viewerSeat)).toBe(false);
    expect(canCreate(maker)).toBe(true);
  });

  it('asks the server about grants only for makers who do not own the dataset', () => {
    expect(needsGrantCheck(mine, maker)).toBe(false);
    expect(needsGrantCheck(colleagues, maker)).toBe(true);
    expect(needsGrantCheck(colleagues, viewerSeat)).toBe(false);
  });
});

describe('ownerLabel', () => {
  it('says you for your own records and names every other owner', () => {
    const user = { id: 'me' };
    expect(ownerLabel({ ...mine, owner: { id: 'me', name: 'Me Myself' } }, user)).toBe('You');
    expect(ownerLabel({ ...colleagues, owner: { id: 'admin', name: 'Ada Admin' } }, user)).toBe('Ada Admin');
    expect(ownerLabel({ ...foreign, owner: { id: 'stranger', name: 'Sam Stranger' } }, user)).toBe('Sam Stranger');
  });
});
