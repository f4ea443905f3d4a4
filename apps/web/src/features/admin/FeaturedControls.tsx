// The featured-map controls of one published map in the console: feature it, edit how it shows (title, description,
// position), highlight it or take the highlight off, and unfeature it (confirmed). A password-protected map cannot be featured, so it is offered no Feature button.
import { useState } from 'react';
import type { FeaturedMap, PublishedItem } from '@atlas/domain';
import { ConfirmWrite } from './ConfirmWrite';
import { FeaturedEditDialog } from './FeaturedEditDialog';
import { useFeatureMap, useHighlightMap, useUnfeatureMap } from './featured';
import './featured.css';

export function FeaturedControls({ map, entry, onError }: { map: PublishedItem; entry: FeaturedMap | undefined; onError(failure: unknown | null): void }) {
  const feature = useFeatureMap();
  const highlight = useHighlightMap();
  const [unfeaturing, setUnfeaturing] = useState(false);
  const [editing, setEditing] = useState(false);
  const busy = feature.isPending || highlight.isPending;
  const run = (write: () => Promise<unknown>) => {
    onError(null);
    write().catch(onError);
  };

  if (!entry) {
    if (map.passwordProtected) return null;
    return (
      <div className="admin-featured__actions">
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => run(() => feature.mutateAsync({ publishedId: map.id }))}>
          Feature
        </button>
      </div>
    );
  }
  return (
    <div className="admin-featured__actions">
      <button type="button" className="button button--ghost" onClick={() => setEditing(true)}>
        Edit
      </button>
      <button type="button" className="button button--ghost" disabled={busy} onClick={() => run(() => highlight.mutateAsync({ id: entry.id, highlighted: !entry.highlighted }))}>
        {entry.highlighted ? 'Remove highlight' : 'Highlight'}
      </button>
      <button type="button" className="button button--ghost admin-danger-text" onClick={() => setUnfeaturing(true)}>
        Unfeature
      </button>
      {editing && <FeaturedEditDialog map={map} entry={entry} onClose={() => setEditing(false)} />}
      {unfeaturing && <ConfirmUnfeature map={map} entry={entry} onClose={() => setUnfeaturing(false)} />}
    </div>
  );
}

function ConfirmUnfeature({ map, entry, onClose }: { map: PublishedItem; entry: FeaturedMap; onClose(): void }) {
  const unfeature = useUnfeatureMap();
  return (
    <ConfirmWrite title={`Unfeature “${map.name}”?`} confirmLabel="Unfeature" danger run={() => unfeature.mutateAsync(entry.id)} onClose={onClose}>
      <p>It leaves the featured maps of every workspace{entry.highlighted ? ' and is no longer highlighted' : ''}. It stays published at its public link and can be featured again.</p>
    </ConfirmWrite>
  );
}
