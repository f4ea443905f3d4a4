// A place of the project that takes dropped items (the top level or a folder). Only our own drag type is taken, so a
// dragged file or link shows no drop target. Nested zones keep a drop to themselves.
import { useState, type DragEvent, type ReactNode } from 'react';
import { DRAG_TYPE, decodeDragItem, encodeDragItem } from './dragData';
import type { DragItem } from './placement';

export interface DropZoneProps {
  folderId: string | null;
  /** False: a plain block (the user may not change the project). */
  enabled: boolean;
  onDropItem(item: DragItem, folderId: string | null): void;
  className: string;
  label: string;
  marker: Record<`data-${string}`, string>;
  children: ReactNode;
}

const carriesItem = (event: DragEvent) => Array.from(event.dataTransfer.types).includes(DRAG_TYPE);

export function DropZone({ folderId, enabled, onDropItem, className, label, marker, children }: DropZoneProps) {
  const [over, setOver] = useState(false);
  if (!enabled)
    return (
      <section className={className} aria-label={label} {...marker}>
        {children}
      </section>
    );
  return (
    <section
      className={`${className}${over ? ' is-drop-target' : ''}`}
      aria-label={label}
      {...marker}
      onDragOver={(event) => {
        if (!carriesItem(event)) return;
        event.preventDefault();
        event.stopPropagation();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        if (!carriesItem(event)) return;
        event.preventDefault();
        event.stopPropagation();
        setOver(false);
        const item = decodeDragItem(event.dataTransfer.getData(DRAG_TYPE));
        if (item) onDropItem(item, folderId);
      }}
    >
      {children}
    </section>
  );
}

/** Starts dragging an item of ours (with its name as plain text for anything else that takes drops). */
export function startDrag(event: DragEvent, item: DragItem): void {
  event.dataTransfer.setData(DRAG_TYPE, encodeDragItem(item));
  event.dataTransfer.setData('text/plain', item.name);
  event.dataTransfer.effectAllowed = 'move';
}
