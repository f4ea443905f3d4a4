// Picking records for bulk tagging: the check box of one record, and (until the cards and rows offer a place for it,
// see docs/tags.md) the card wrapper that holds it and the tags of records whose answers do not carry them.
import type { ReactNode } from 'react';
import type { CallerAction, TagSummary } from '@atlas/domain';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { recordAbilities } from '../catalogue';
import { TagChips } from './TagChips';
import type { PickedRecord, TagSelection } from './useTagSelection';

/** The record's pick box; render it only for records the user may write. */
export function TagSelectBox({ record, selection }: { record: PickedRecord; selection: TagSelection }) {
  return (
    <input
      type="checkbox"
      className="tag-select"
      checked={selection.has(record.id)}
      onChange={() => selection.toggle(record)}
      aria-label={`Select ${record.name} for tagging`}
      data-tag-select={record.id}
    />
  );
}

/** Its children only when the user may write (so tag) the record, decided as the record's card decides it. */
export function IfWritable({ record, children }: { record: { actions: readonly CallerAction[] }; children: ReactNode }) {
  const user = useSignedInUser();
  return recordAbilities(record, user).write ? <>{children}</> : null;
}

/** A card's pick box over its picture, only on records the user may write. */
export function CardPick({ record, selection }: { record: PickedRecord & { actions: readonly CallerAction[] }; selection: TagSelection }) {
  return (
    <IfWritable record={record}>
      <span className="tag-card__select">
        <TagSelectBox record={{ id: record.id, name: record.name }} selection={selection} />
      </span>
    </IfWritable>
  );
}

/** A grid card with, over its picture, its pick box (CardPick) and (when the card does not show them) its tags. */
export function TaggableCard({ select, tags, children }: { select?: ReactNode; tags?: readonly TagSummary[]; children: ReactNode }) {
  return (
    <li className="tag-card">
      <ul className="tag-card__card">{children}</ul>
      {select}
      {tags && tags.length > 0 && (
        <span className="tag-card__tags">
          <TagChips tags={tags} />
        </span>
      )}
    </li>
  );
}
