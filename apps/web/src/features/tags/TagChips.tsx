import type { TagSummary } from '@atlas/domain';
import { textColorOn } from './tagColor';
import './tags.css';

/** A record's tags as colored chips; nothing when it has none. */
export function TagChips({ tags, onRemove, disabled = false }: { tags: readonly TagSummary[]; onRemove?: (tag: TagSummary) => void; disabled?: boolean }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tag-chips" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag.id} className="tag-chip" style={{ background: tag.color, color: textColorOn(tag.color) }} data-tag={tag.name}>
          <span className="tag-chip__name">{tag.name}</span>
          {onRemove && (
            <button type="button" className="tag-chip__remove" onClick={() => onRemove(tag)} disabled={disabled} aria-label={`Remove tag ${tag.name}`}>
              ×
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
