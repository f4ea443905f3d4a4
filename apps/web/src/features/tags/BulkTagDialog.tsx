// Tagging many records at once: pick tags of the organization or make new ones (a name and a color of the palette),
// or pick tags to take off; one call for all records, whose answer names each record it refused and why.
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ResourceType, TagSummary } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { Modal } from '../sharing';
import { ColorSwatches } from './ColorSwatches';
import { bulkOutcome, type BulkOutcome } from './outcome';
import { OutcomeReport } from './OutcomeReport';
import { useOrganizationTags } from './queries';
import { TAG_COLORS, tagColorFor, textColorOn } from './tagColor';
import type { PickedRecord } from './useTagSelection';
import './tags.css';

export interface BulkTagDialogProps {
  mode: 'add' | 'remove';
  resourceType: ResourceType;
  records: readonly PickedRecord[];
  /** Remove: the tags the records carry, when the list knows them (else the organization's are offered). */
  carried?: readonly TagSummary[];
  /** The call answered (some records may have been refused): re-read what it changed. */
  onApplied(outcome: BulkOutcome): void | Promise<unknown>;
  onClose(): void;
}

interface Chosen {
  name: string;
  color: string;
  /** Set for a tag the organization has; new tags are made by the call. */
  id?: string;
}

const recordCount = (count: number) => `${count} record${count === 1 ? '' : 's'}`;

export function BulkTagDialog({ mode, resourceType, records, carried, onApplied, onClose }: BulkTagDialogProps) {
  const client = useApiClient();
  const organization = useOrganizationTags();
  const known = organization.data ?? [];
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [name, setName] = useState('');
  const [color, setColor] = useState<string>(TAG_COLORS[0]);
  const [colorTouched, setColorTouched] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);

  const apply = useMutation({
    mutationFn: async () => {
      const resources = records.map((record) => ({ resourceType, resourceId: record.id }));
      const answer =
        mode === 'add'
          ? await client.tags.bulk({ tags: chosen.map((tag) => ({ name: tag.name, color: tag.color })), resources })
          : await client.tags.bulkRemove({ tagIds: chosen.map((tag) => tag.id!), resources });
      return bulkOutcome(records, answer.results);
    },
    onSuccess: async (result) => {
      setOutcome(result);
      await onApplied(result);
    },
  });

  const isChosen = (tag: { name: string }) => chosen.some((entry) => entry.name.toLowerCase() === tag.name.toLowerCase());
  const toggle = (tag: Chosen) => setChosen((current) => (isChosen(tag) ? current.filter((entry) => entry.name.toLowerCase() !== tag.name.toLowerCase()) : [...current, tag]));

  const addNew = (event: FormEvent) => {
    event.preventDefault();
    const typed = name.trim().replace(/\s+/g, ' ');
    if (!typed) return;
    const existing = known.find((tag) => tag.name.toLowerCase() === typed.toLowerCase());
    if (existing) {
      if (!isChosen(existing)) toggle(existing);
      setNote(`“${existing.name}” already exists: it keeps its color.`);
    } else if (!isChosen({ name: typed })) {
      setChosen((current) => [...current, { name: typed, color }]);
      setNote(null);
    }
    setName('');
    setColorTouched(false);
  };

  const offered: readonly TagSummary[] = mode === 'remove' ? (carried ?? known) : known;
  const title = mode === 'add' ? `Tag ${recordCount(records.length)}` : `Remove tags from ${recordCount(records.length)}`;
  const applyLabel = mode === 'add' ? `Tag ${recordCount(records.length)}` : `Remove from ${recordCount(records.length)}`;

  const footer = outcome ? (
    <button type="button" className="button button--primary" onClick={onClose}>
      Done
    </button>
  ) : (
    <>
      <button type="button" className="button button--ghost" onClick={onClose}>
        Cancel
      </button>
      <button type="button" className="button button--primary" disabled={chosen.length === 0 || apply.isPending} onClick={() => apply.mutate()}>
        {apply.isPending ? 'Applying…' : applyLabel}
      </button>
    </>
  );

  return (
    <Modal title={title} onClose={onClose} footer={footer} wide>
      <div className="bulk-tags">
        <p className="bulk-tags__records">{records.map((record) => record.name).join(', ')}</p>
        {outcome ? (
          <OutcomeReport mode={mode} outcome={outcome} />
        ) : (
          <>
            <fieldset className="bulk-tags__fieldset">
              <legend>{mode === 'add' ? 'Tags of your organization' : 'Tags to take off'}</legend>
              {organization.isError && (
                <p className="form__error" role="alert">
                  {errorText(organization.error)}
                </p>
              )}
              {offered.length === 0 ? (
                <p className="bulk-tags__none">
                  {mode === 'add' ? 'Your organization has no tags yet: make one below.' : 'These records carry no tags.'}
                </p>
              ) : (
                <ul className="tag-chips bulk-tags__offered" aria-label={mode === 'add' ? 'Tags to add' : 'Tags to remove'}>
                  {offered.map((tag) => (
                    <li key={tag.id}>
                      <button
                        type="button"
                        className="tag-chip tag-chip--toggle"
                        style={{ background: tag.color, color: textColorOn(tag.color) }}
                        aria-pressed={isChosen(tag)}
                        onClick={() => toggle(tag)}
                        data-tag={tag.name}
                      >
                        <span aria-hidden="true">{isChosen(tag) ? '✓ ' : ''}</span>
                        <span className="tag-chip__name">{tag.name}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>

            {mode === 'add' && (
              <form className="bulk-tags__new" onSubmit={addNew} aria-label="New tag">
                <label className="field">
                  <span className="field__label">New tag</span>
                  <input
                    className="field__input"
                    value={name}
                    placeholder="Name"
                    aria-label="New tag name"
                    onChange={(event) => {
                      setName(event.target.value);
                      // Until a color is picked, a new name suggests its own.
                      if (!colorTouched && event.target.value.trim()) setColor(tagColorFor(event.target.value));
                    }}
                  />
                </label>
                <ColorSwatches
                  value={color}
                  onChange={(picked) => {
                    setColor(picked);
                    setColorTouched(true);
                  }}
                />
                <button type="submit" className="button button--ghost" disabled={!name.trim()}>
                  Add new tag
                </button>
              </form>
            )}
            {note && <p className="bulk-tags__note">{note}</p>}

            {mode === 'add' && chosen.some((tag) => !tag.id) && (
              <div className="bulk-tags__chosen">
                <span>New tags:</span>
                <ul className="tag-chips" aria-label="New tags">
                  {chosen
                    .filter((tag) => !tag.id)
                    .map((tag) => (
                      <li key={tag.name} className="tag-chip" style={{ background: tag.color, color: textColorOn(tag.color) }} data-tag={tag.name}>
                        <span className="tag-chip__name">{tag.name}</span>
                        <button type="button" className="tag-chip__remove" onClick={() => toggle(tag)} aria-label={`Do not add ${tag.name}`}>
                          ×
                        </button>
                      </li>
                    ))}
                </ul>
              </div>
            )}
            {apply.isError && (
              <p className="form__error" role="alert">
                {errorText(apply.error)}
              </p>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
