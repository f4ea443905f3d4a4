// The drag payload of the projects screen, under a type of its own so drops of anything else (files, text, links)
// are not taken for project items.
import { PROJECT_RESOURCE_TYPES, type ProjectResourceType } from '@atlas/domain';
import type { DragItem } from './placement';

export const DRAG_TYPE = 'application/x-atlas-project-item';

export const encodeDragItem = (item: DragItem): string => JSON.stringify(item);

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The item a drop carries, or null when the data is not one of ours (or is damaged). */
export function decodeDragItem(text: string): DragItem | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const item = value as Record<string, unknown>;
  const name = isText(item.name) ? item.name : '';
  if (item.kind === 'entry' && isText(item.entryId)) return { kind: 'entry', entryId: item.entryId, name };
  if (item.kind === 'resource' && isText(item.resourceId) && (PROJECT_RESOURCE_TYPES as readonly unknown[]).includes(item.resourceType)) {
    return { kind: 'resource', resourceType: item.resourceType as ProjectResourceType, resourceId: item.resourceId, name };
  }
  return null;
}
