// "Add to this project": the maps, datasets, dashboards and map styles the user can read, each dragged onto a place
// of the project or filed with its Add button at the place chosen above the list (the way without a mouse).
import { useEffect, useId, useState } from 'react';
import type { ProjectResource, ProjectResourceType } from '@atlas/domain';
import { errorText } from '../../api/errors';
import { Spinner } from '../../ui/Spinner';
import { ListError, ScopeTabs, type ListScope } from '../catalogue';
import { startDrag } from './DropZone';
import { LIBRARY_KINDS, useLibrary, type LibraryItem } from './library';
import { findEntry, placementOf, type DragItem } from './placement';
import type { Destination } from './tree';

const SEARCH_DELAY_MS = 300;

export interface LibraryProps {
  entries: readonly ProjectResource[];
  destinations: readonly Destination[];
  busy: boolean;
  onPlace(item: DragItem, folderId: string | null): void;
}

const EMPTY: Record<ListScope, string> = {
  mine: 'You have none of your own.',
  organization: 'Nobody in your organization has one you can open.',
  shared: 'Nobody has shared one with you.',
};

function useDelayed(value: string): string {
  const [delayed, setDelayed] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDelayed(value.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return delayed;
}

const asDragItem = (item: LibraryItem): DragItem => ({ kind: 'resource', resourceType: item.resourceType, resourceId: item.id, name: item.name });

export function Library({ entries, destinations, busy, onPlace }: LibraryProps) {
  const destinationId = useId();
  const [type, setType] = useState<ProjectResourceType>('map');
  const [scope, setScope] = useState<ListScope>('mine');
  const [typed, setTyped] = useState('');
  const search = useDelayed(typed);
  const [target, setTarget] = useState<string>('');
  // A folder deleted meanwhile falls back to the top level.
  const folderId = destinations.some((place) => (place.folderId ?? '') === target) ? target || null : null;
  const list = useLibrary(type, scope, search);
  const kindLabel = LIBRARY_KINDS.find((kind) => kind.type === type)!.label.toLowerCase();
  const placeLabel = (id: string | null) => destinations.find((place) => place.folderId === id)?.label ?? '';

  let body;
  if (list.isPending) body = <Spinner label={`Loading ${kindLabel}…`} />;
  else if (list.isError) body = <ListError message={errorText(list.error)} onRetry={() => void list.refetch()} />;
  else if (list.data.length === 0) body = <p className="project-library__empty">{search ? `No ${kindLabel} match “${search}” here.` : `No ${kindLabel} here: ${EMPTY[scope]}`}</p>;
  else
    body = (
      <ul className="project-library__items" aria-label={`${LIBRARY_KINDS.find((kind) => kind.type === type)!.label} to add`} aria-busy={list.isFetching}>
        {list.data.map((item) => {
          const filed = findEntry(entries, item.resourceType, item.id);
          const action = placementOf(asDragItem(item), folderId, entries).action;
          return (
            <li key={item.id} className="project-library__item" data-library-item={item.id} draggable onDragStart={(event) => startDrag(event, asDragItem(item))}>
              <span className="project-library__name">{item.name}</span>
              {filed && <span className="project-library__where">In {placeLabel(filed.folderId)}</span>}
              <button
                type="button"
                className="button button--ghost project-library__add"
                aria-label={`${action === 'move' ? 'Move' : 'Add'} ${item.name} to ${placeLabel(folderId)}`}
                disabled={busy || action === 'none'}
                onClick={() => onPlace(asDragItem(item), folderId)}
              >
                {action === 'add' ? 'Add' : action === 'move' ? 'Move here' : 'Added'}
              </button>
            </li>
          );
        })}
      </ul>
    );

  return (
    <aside className="card panel project-library" aria-labelledby={`${destinationId}-title`}>
      <h2 id={`${destinationId}-title`} className="panel__title">
        Add to this project
      </h2>
      <p className="panel__subtitle">Drag an item onto the project root or a folder, or choose where it goes and press Add.</p>
      <div className="segmented" role="group" aria-label="What to add">
        {LIBRARY_KINDS.map((kind) => (
          <button key={kind.type} type="button" className="segmented__option" aria-pressed={type === kind.type} onClick={() => setType(kind.type)}>
            {kind.label}
          </button>
        ))}
      </div>
      <ScopeTabs label="Whose items" value={scope} onChange={setScope} />
      <input className="field__input" type="search" value={typed} placeholder="Search by name" aria-label={`Search ${kindLabel}`} onChange={(event) => setTyped(event.target.value)} />
      <div className="field">
        <label htmlFor={destinationId} className="field__label">
          Add to
        </label>
        <select id={destinationId} className="field__input" value={folderId ?? ''} onChange={(event) => setTarget(event.target.value)}>
          {destinations.map((place) => (
            <option key={place.folderId ?? ''} value={place.folderId ?? ''}>
              {place.label}
            </option>
          ))}
        </select>
      </div>
      {body}
    </aside>
  );
}
