// What dropping (or adding) an item on a place of the project does. The server files a resource once per project
// (a second entry answers 409), so a resource that is already in the project moves to the new place instead.
import type { ProjectResource, ProjectResourceType } from '@atlas/domain';

/** What is being dragged: a catalogue item from the library, or an entry already in the project. */
export type DragItem = { kind: 'resource'; resourceType: ProjectResourceType; resourceId: string; name: string } | { kind: 'entry'; entryId: string; name: string };

export type Placement =
  | { action: 'add'; resourceType: ProjectResourceType; resourceId: string }
  | { action: 'move'; entryId: string }
  /** Already there: nothing to send. */
  | { action: 'none' };

export function findEntry(entries: readonly ProjectResource[], resourceType: ProjectResourceType, resourceId: string): ProjectResource | undefined {
  return entries.find((entry) => entry.resourceType === resourceType && entry.resource.id === resourceId);
}

export function placementOf(item: DragItem, folderId: string | null, entries: readonly ProjectResource[]): Placement {
  const entry = item.kind === 'entry' ? entries.find((candidate) => candidate.id === item.entryId) : findEntry(entries, item.resourceType, item.resourceId);
  if (entry) return entry.folderId === folderId ? { action: 'none' } : { action: 'move', entryId: entry.id };
  if (item.kind === 'resource') return { action: 'add', resourceType: item.resourceType, resourceId: item.resourceId };
  // An entry that is gone from the list (removed meanwhile): nothing to move.
  return { action: 'none' };
}
