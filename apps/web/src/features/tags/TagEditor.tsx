// A record's tags with, for those who may change them, an add box (names of the organization's tags offered) and a
// remove button per tag. Adding reuses the organization's tag of that name, keeping its color, or makes a new one in
// the color picked from the palette (offered while a new name is typed).
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ResourceType, TagSummary } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { ColorSwatches } from './ColorSwatches';
import { useOrganizationTags } from './queries';
import { TagChips } from './TagChips';
import { parseTagNames, tagColorFor } from './tagColor';
import './tags.css';

export { tagKeys } from './queries';

export interface TagEditorProps {
  resourceType: ResourceType;
  resourceId: string;
  tags: readonly TagSummary[];
  /** The user may change the record's tags (write access and a maker seat). */
  canEdit: boolean;
  /** After a change: re-read the record. */
  onChanged(): void | Promise<unknown>;
}

export function TagEditor({ resourceType, resourceId, tags, canEdit, onChanged }: TagEditorProps) {
  const client = useApiClient();
  const listId = useId();
  const [text, setText] = useState('');
  /** The color picked for new names; until one is picked, each new name gets its own. */
  const [color, setColor] = useState<string | null>(null);
  const known = useOrganizationTags(canEdit);
  const existing = (name: string) => known.data?.find((tag) => tag.name.toLowerCase() === name.toLowerCase());

  const add = useMutation({
    mutationFn: async (names: string[]) => {
      for (const name of names) {
        const tag = existing(name);
        await client.tags.create({ name: tag?.name ?? name, color: tag?.color ?? color ?? tagColorFor(name), resourceId, resourceType });
      }
    },
    onSuccess: () => {
      setText('');
      setColor(null);
    },
    onSettled: () => Promise.all([onChanged(), known.refetch()]),
  });
  const remove = useMutation({
    mutationFn: (tag: TagSummary) => client.tags.detach(tag.id, resourceType, resourceId),
    onSettled: () => onChanged(),
  });

  if (!canEdit) return tags.length ? <TagChips tags={tags} /> : <span className="tag-editor__none">No tags</span>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const names = parseTagNames(text).filter((name) => !tags.some((tag) => tag.name.toLowerCase() === name.toLowerCase()));
    if (names.length) add.mutate(names);
    else setText('');
  };
  const busy = add.isPending || remove.isPending;
  const failure = add.error ?? remove.error;
  const offered = (known.data ?? []).filter((tag) => !tags.some((own) => own.id === tag.id));
  const newNames = parseTagNames(text).filter((name) => !existing(name));

  return (
    <div className="tag-editor">
      <TagChips tags={tags} onRemove={(tag) => remove.mutate(tag)} disabled={busy} />
      <form className="tag-editor__form" onSubmit={submit} aria-label="Add tags">
        <input
          className="field__input tag-editor__input"
          value={text}
          list={listId}
          placeholder={tags.length ? 'Add a tag' : 'Add tags, separated by commas'}
          aria-label="New tag"
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
        />
        <datalist id={listId}>
          {offered.map((tag) => (
            <option key={tag.id} value={tag.name} />
          ))}
        </datalist>
        <button type="submit" className="button button--ghost" disabled={busy || !text.trim()}>
          Add
        </button>
      </form>
      {newNames.length > 0 && (
        <div className="tag-editor__color">
          <span>{newNames.length === 1 ? `Color of “${newNames[0]}”` : 'Color of the new tags'}</span>
          <ColorSwatches value={color ?? tagColorFor(newNames[0]!)} onChange={setColor} label="New tag color" />
        </div>
      )}
      {failure && (
        <p className="form__error" role="alert">
          {errorText(failure)}
        </p>
      )}
    </div>
  );
}
