// A record's tags with, for those who may change them, an add box (names of the organization's tags offered) and a
// remove button per tag. Adding reuses the organization's tag of that name, keeping its color, or makes a new one.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ResourceType, TagList, TagSummary } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { TagChips } from './TagChips';
import { parseTagNames, tagColorFor } from './tagColor';
import './tags.css';

export const tagKeys = { organization: ['tags', 'organization'] as const };

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
  const known = useQuery<TagList>({ queryKey: tagKeys.organization, queryFn: () => client.tags.list(), enabled: canEdit });

  const add = useMutation({
    mutationFn: async (names: string[]) => {
      for (const name of names) {
        const existing = known.data?.items.find((tag) => tag.name.toLowerCase() === name.toLowerCase());
        await client.tags.create({ name: existing?.name ?? name, color: existing?.color ?? tagColorFor(name), resourceId, resourceType });
      }
    },
    onSuccess: () => setText(''),
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
  const offered = (known.data?.items ?? []).filter((tag) => !tags.some((own) => own.id === tag.id));

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
      {failure && (
        <p className="form__error" role="alert">
          {errorText(failure)}
        </p>
      )}
    </div>
  );
}
