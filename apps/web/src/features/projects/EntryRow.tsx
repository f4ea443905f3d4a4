// One entry of a project: what it is, a link to it, and (for those who may change the project) a way to move it
// without dragging and to take it out of the project (the resource itself stays).
import { Link } from 'react-router-dom';
import type { ProjectResource } from '@atlas/domain';
import { startDrag } from './DropZone';
import { RESOURCE_LABELS, resourceLink } from './resourceLinks';
import type { Destination } from './tree';

export interface EntryRowProps {
  entry: ProjectResource;
  /** null: the user may only look. */
  edit: null | {
    destinations: readonly Destination[];
    busy: boolean;
    onMove(entry: ProjectResource, folderId: string | null): void;
    onRemove(entry: ProjectResource): void;
  };
}

export function EntryRow({ entry, edit }: EntryRowProps) {
  const { resource, resourceType } = entry;
  const item = { kind: 'entry', entryId: entry.id, name: resource.name } as const;
  return (
    <li className="project-entry" data-entry={entry.id} data-resource={resource.id} draggable={edit !== null} onDragStart={edit ? (event) => startDrag(event, item) : undefined}>
      <span className={`project-entry__type project-entry__type--${resourceType}`}>{RESOURCE_LABELS[resourceType]}</span>
      <Link className="project-entry__name" to={resourceLink(resourceType, resource.id)}>
        {resource.name}
      </Link>
      {edit && (
        <span className="project-entry__actions">
          <select
            className="field__input project-entry__move"
            aria-label={`Move ${resource.name} to`}
            value={entry.folderId ?? ''}
            disabled={edit.busy}
            onChange={(event) => edit.onMove(entry, event.target.value || null)}
          >
            {edit.destinations.map((place) => (
              <option key={place.folderId ?? ''} value={place.folderId ?? ''}>
                {place.label}
              </option>
            ))}
          </select>
          <button type="button" className="button button--ghost project-entry__remove" aria-label={`Remove ${resource.name} from the project`} disabled={edit.busy} onClick={() => edit.onRemove(entry)}>
            Remove
          </button>
        </span>
      )}
    </li>
  );
}
