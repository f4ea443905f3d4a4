// The tag filter of a list's toolbar: pick one or more of the organization's tags (the list keeps the records carrying
// every one), each picked tag a chip that drops it. "All tags" drops them all.
import type { TagSummary } from '@atlas/domain';
import { errorText } from '../../api/errors';
import { useOrganizationTags } from './queries';
import { textColorOn } from './tagColor';
import './tags.css';

/** The shown value while tags are picked: the select adds one more, "All tags" drops them. */
const ADD = '+';

export interface TagFilterProps {
  /** The tag ids picked, in the order picked. */
  value: readonly string[];
  onChange(ids: string[]): void;
}

export function TagFilter({ value, onChange }: TagFilterProps) {
  const tags = useOrganizationTags();
  const known = tags.data ?? [];
  const picked: TagSummary[] = value.map((id) => known.find((tag) => tag.id === id) ?? { id, name: tags.isPending ? '…' : 'Unknown tag', color: '#4b5563' });
  const offered = known.filter((tag) => !value.includes(tag.id));
  const none = tags.isSuccess && known.length === 0;

  return (
    <div className="tag-filter" role="group" aria-label="Tag filter">
      <select
        className="field__input catalogue-list__select"
        value={value.length ? ADD : ''}
        aria-label="Tag"
        disabled={none && value.length === 0}
        title={none ? 'Your organization has no tags yet: tag records to filter by them' : tags.isError ? errorText(tags.error) : undefined}
        onChange={(event) => {
          const id = event.target.value;
          if (id !== ADD) onChange(id ? [...value, id] : []);
        }}
      >
        {value.length > 0 && (
          <option value={ADD} disabled hidden>
            {offered.length ? 'Add a tag…' : 'No other tags'}
          </option>
        )}
        <option value="">{none ? 'No tags yet' : 'All tags'}</option>
        {offered.map((tag) => (
          <option key={tag.id} value={tag.id}>
            {tag.name}
          </option>
        ))}
      </select>
      {picked.length > 0 && (
        <ul className="tag-chips tag-filter__picked" aria-label="Filtered by tags">
          {picked.map((tag) => (
            <li key={tag.id} className="tag-chip" style={{ background: tag.color, color: textColorOn(tag.color) }} data-filter-tag={tag.name}>
              <span className="tag-chip__name">{tag.name}</span>
              <button type="button" className="tag-chip__remove" onClick={() => onChange(value.filter((id) => id !== tag.id))} aria-label={`Stop filtering by ${tag.name}`}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
