// Picking records for bulk tagging: the pick box of one record (a card or row shows it only on records the user may
// write) and the header cell of a table's pick column.
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
      title="Select for tagging"
      data-tag-select={record.id}
    />
  );
}

/** The header of a table's pick column (the first column, on makers' lists). */
export function TagSelectHeader() {
  return (
    <th scope="col" className="tag-table-select">
      <span className="visually-hidden">Select for tagging</span>
    </th>
  );
}
