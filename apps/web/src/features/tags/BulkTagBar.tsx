// The bulk tagging part of a list's toolbar, for makers: how many records are picked, "Tag N selected", "Remove tags",
// and what the last call did. Records refused stay picked; the list is re-read.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ResourceType, TagSummary } from '@atlas/domain';
import { BulkTagDialog } from './BulkTagDialog';
import type { BulkOutcome } from './outcome';
import { OutcomeReport } from './OutcomeReport';
import { refreshTags } from './queries';
import type { PickedRecord, TagSelection } from './useTagSelection';
import './tags.css';

export interface BulkTagBarProps {
  resourceType: ResourceType;
  selection: TagSelection;
  /** Re-read the list after tags changed. */
  refresh(): Promise<unknown>;
  /** What the records are called: "maps". */
  plural: string;
}

export function BulkTagBar({ resourceType, selection, refresh, plural }: BulkTagBarProps) {
  const queryClient = useQueryClient();
  // The records and tags as they were when the dialog opened: picking changes after the call.
  const [dialog, setDialog] = useState<{ mode: 'add' | 'remove'; records: readonly PickedRecord[]; carried?: readonly TagSummary[] } | null>(null);
  const [last, setLast] = useState<{ mode: 'add' | 'remove'; outcome: BulkOutcome } | null>(null);
  const count = selection.picked.length;

  /** The tags the picked records carry (offered for removal), when the list knows them all. */
  const carried = () => {
    if (selection.picked.some((record) => !record.tags)) return undefined;
    const byId = new Map<string, TagSummary>();
    for (const record of selection.picked) for (const tag of record.tags ?? []) byId.set(tag.id, tag);
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  };

  const applied = async (done: 'add' | 'remove', outcome: BulkOutcome) => {
    setLast({ mode: done, outcome });
    // Refused records stay picked to try again, except those gone (deleted meanwhile, or no longer shared).
    selection.keep(outcome.failed.filter((failure) => failure.code !== 'NOT_FOUND').map((failure) => failure.id));
    await Promise.all([refresh(), refreshTags(queryClient)]);
  };

  return (
    <div className={`bulk-tag-bar${count ? ' bulk-tag-bar--active' : ''}`} role="group" aria-label="Bulk tagging">
      {(count > 0 || !last) && (
        <span className="bulk-tag-bar__count" data-testid="tag-selection-count">
          {count ? `${count} selected` : `Tick ${plural} to tag several at once`}
        </span>
      )}
      {count > 0 && (
        <>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setLast(null);
              setDialog({ mode: 'add', records: selection.picked });
            }}
          >
            Tag {count} selected
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setLast(null);
              setDialog({ mode: 'remove', records: selection.picked, carried: carried() });
            }}
          >
            Remove tags
          </button>
          <button type="button" className="button button--ghost" onClick={selection.clear}>
            Clear selection
          </button>
        </>
      )}
      {last && !dialog && <OutcomeReport mode={last.mode} outcome={last.outcome} />}
      {dialog && (
        <BulkTagDialog
          mode={dialog.mode}
          resourceType={resourceType}
          records={dialog.records}
          carried={dialog.carried}
          onApplied={(outcome) => applied(dialog.mode, outcome)}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
