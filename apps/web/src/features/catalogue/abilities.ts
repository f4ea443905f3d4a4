// What the signed-in user may do with a catalogue record (dataset, map, map asset), decided the way the server's one
// access check decides it (apps/server/src/http/access.ts): the owner and editors write, delete and share; members of
// the owner's organization read and copy; a viewer seat only reads (it creates nothing: no upload, clone or map), yet
// may download where its rank allows a copy. A record's answer does not carry the caller's role, so an editor grant is
// learnt from whether the caller may list the record's permissions (which needs write): see useEditorGrant.
import type { User } from '@atlas/domain';

export interface RecordAbilities {
  /** Change its data or fields, tag it. */
  write: boolean;
  delete: boolean;
  share: boolean;
  /** Clone into a record of one's own (a copy, and creating needs a maker seat). */
  clone: boolean;
  download: boolean;
  /** Start a map from it (creating a map needs a maker seat). */
  newMap: boolean;
}

/** Whether an editor grant reaches the user: known (listing allowed or refused) or still being asked. */
export type EditorGrant = 'yes' | 'no' | 'unknown';

export interface OwnedRecord {
  ownerId: string;
  organizationId: string;
}

type Who = Pick<User, 'id' | 'seat'> & { organization: { id: string } };

/** Creating a record (upload, new map, new asset) needs a maker seat. */
export const canCreate = (user: Pick<User, 'seat'>) => user.seat === 'maker';

/** True when the server must be asked whether a grant makes the user an editor. */
export const needsGrantCheck = (record: Pick<OwnedRecord, 'ownerId'>, user: Who) => canCreate(user) && record.ownerId !== user.id;

export function recordAbilities(record: OwnedRecord, user: Who, editorGrant: EditorGrant): RecordAbilities {
  const maker = canCreate(user);
  const owner = record.ownerId === user.id;
  const sameOrganization = record.organizationId === user.organization.id;
  const editorRank = owner || editorGrant === 'yes';
  // Rank 2 (viewer) comes with the owner's organization; a grant from another organization may be viewer or limited
  // viewer, which the answer does not say: copying is then only offered to editors.
  const copyRank = editorRank || sameOrganization;
  const edit = maker && editorRank;
  return { write: edit, delete: edit, share: edit, clone: maker && copyRank, download: copyRank, newMap: maker };
}

/** Who owns it, as datasets, maps and map assets name their owner: you, or the owning user's name. */
export function ownerLabel(record: { ownerId: string; owner: { id: string; name: string } }, user: Pick<User, 'id'>): string {
  return record.ownerId === user.id ? 'You' : record.owner.name;
}
