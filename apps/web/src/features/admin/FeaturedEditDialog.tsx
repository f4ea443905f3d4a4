import { useState, type FormEvent } from 'react';
import type { FeaturedMap, PublishedItem } from '@atlas/domain';
import { Modal } from '../sharing';
import { DialogFormEnd } from './DialogFormEnd';
import { useEditFeaturedMap } from './featured';

/**
 * How a featured map shows in every workspace: its title and description there (the published map's own by default)
 * and its position among the featured maps (lower first).
 */
export function FeaturedEditDialog({ map, entry, onClose }: { map: PublishedItem; entry: FeaturedMap; onClose(): void }) {
  const [title, setTitle] = useState(entry.title);
  const [description, setDescription] = useState(entry.description);
  const [position, setPosition] = useState(String(entry.position));
  const save = useEditFeaturedMap();
  const place = Number(position);
  const valid = title.trim() !== '' && Number.isInteger(place) && place >= 0 && place <= 100000;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) save.mutate({ id: entry.id, body: { title: title.trim(), description: description.trim(), position: place } }, { onSuccess: onClose });
  };
  return (
    <Modal title={`Featured “${map.name}”`} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <label className="field">
          <span className="field__label">Title in the workspace</span>
          <input className="field__input" value={title} maxLength={200} required autoFocus onChange={(event) => setTitle(event.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">Description</span>
          <textarea className="field__input" value={description} maxLength={2000} rows={3} onChange={(event) => setDescription(event.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">Position</span>
          <input className="field__input" type="number" min={0} max={100000} step={1} value={position} onChange={(event) => setPosition(event.target.value)} />
          <span className="field__hint">Featured maps show in this order, lowest first (0 to 100000).</span>
        </label>
        <DialogFormEnd write={save} onCancel={onClose} label="Save" pendingLabel="Saving…" disabled={!valid} />
      </form>
    </Modal>
  );
}
