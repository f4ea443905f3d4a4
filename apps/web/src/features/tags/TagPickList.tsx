// Until table rows offer a pick box of their own (docs/tags.md), a table list's records are picked for bulk tagging
// here: a fold under the toolbar listing the page's records the user may change, each with its pick box.
import type { CallerAction } from '@atlas/domain';
import { IfWritable, TagSelectBox } from './TagSelect';
import type { TagSelection } from './useTagSelection';

export interface TagPickListProps {
  /** "workbooks". */
  plural: string;
  records: ReadonlyArray<{ id: string; name: string; actions: readonly CallerAction[] }>;
  selection: TagSelection;
}

export function TagPickList({ plural, records, selection }: TagPickListProps) {
  if (records.length === 0) return null;
  return (
    <details className="tag-pick-list" open={selection.picked.length > 0 || undefined}>
      <summary>Pick {plural} on this page to tag</summary>
      <p className="tag-pick-list__note">Only the {plural} you may change can be picked.</p>
      <ul className="tag-pick-list__items" aria-label={`${plural} to tag`}>
        {records.map((record) => (
          <IfWritable key={record.id} record={record}>
            <li>
              <label className="tag-pick-list__item">
                <TagSelectBox record={{ id: record.id, name: record.name }} selection={selection} />
                <span>{record.name}</span>
              </label>
            </li>
          </IfWritable>
        ))}
      </ul>
    </details>
  );
}
