// The records picked for bulk tagging on a list screen, with their names (the results name the records refused) and
// their tags (Remove tags offers those). Another scope of the list (`scope`) starts with nothing picked.
import { useCallback, useMemo, useState } from 'react';
import type { TagSummary } from '@atlas/domain';

export interface PickedRecord {
  id: string;
  name: string;
  /** The tags it carried when picked, when the list knows them. */
  tags?: readonly TagSummary[];
}

export interface TagSelection {
  picked: readonly PickedRecord[];
  has(id: string): boolean;
  toggle(record: PickedRecord): void;
  /** Keeps only these ids (after tagging: the records refused stay picked). */
  keep(ids: readonly string[]): void;
  clear(): void;
}

const NONE: readonly PickedRecord[] = [];

export function useTagSelection(scope = ''): TagSelection {
  const [state, setState] = useState<{ scope: string; picked: readonly PickedRecord[] }>({ scope, picked: NONE });
  const picked = state.scope === scope ? state.picked : NONE;
  const change = useCallback(
    (next: (current: readonly PickedRecord[]) => readonly PickedRecord[]) => setState((current) => ({ scope, picked: next(current.scope === scope ? current.picked : NONE) })),
    [scope],
  );
  const toggle = useCallback(
    (record: PickedRecord) => change((current) => (current.some((entry) => entry.id === record.id) ? current.filter((entry) => entry.id !== record.id) : [...current, record])),
    [change],
  );
  const keep = useCallback((ids: readonly string[]) => change((current) => current.filter((entry) => ids.includes(entry.id))), [change]);
  const clear = useCallback(() => change(() => NONE), [change]);
  return useMemo(() => ({ picked, has: (id: string) => picked.some((entry) => entry.id === id), toggle, keep, clear }), [picked, toggle, keep, clear]);
}
