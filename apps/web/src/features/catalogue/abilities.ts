// What the signed-in user may do with a catalogue record (dataset, map, dashboard, workbook, map asset, connection,
// project), read from the record's own answer: the server's one access check puts the caller's actions on every
// record (read, write, delete, copy, share, download), so a screen offers exactly what the server will allow.
import type { CallerAction, User } from '@atlas/domain';

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

/** Creating a record (upload, new map, new asset) needs a maker seat. */
export const canCreate = (user: Pick<User, 'seat'>) => user.seat === 'maker';

export function recordAbilities(record: { actions: readonly CallerAction[] }, user: Pick<User, 'seat'>): RecordAbilities {
  const may = (action: CallerAction) => record.actions.includes(action);
  return { write: may('write'), delete: may('delete'), share: may('share'), clone: may('copy'), download: may('download'), newMap: canCreate(user) };
}

/** Who owns it, as datasets, maps and map assets name their owner: you, or the owning user's name. */
export function ownerLabel(record: { ownerId: string; owner: { id: string; name: string } }, user: Pick<User, 'id'>): string {
  return record.ownerId === user.id ? 'You' : record.owner.name;
}
