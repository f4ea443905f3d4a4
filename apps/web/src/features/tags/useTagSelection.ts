// The records picked for bulk tagging on a list screen, with their names (the results name the records refused).
import { useCallback, useMemo, useState } from 'react';

export interface PickedRecord {
  id: string;
  name: string;
}

export interface TagSelection {
  picked: readonly PickedRecord[];
  has(id: string): boolean;
  toggle(record: PickedRecord): void;
  /** Keeps only these ids (after tagging: the records refused stay picked). */
  keep(ids: readonly string[]): void;
  clear(): void;
}

export function useTagSelection(): TagSelection {
  const [picked, setPicked] = useState<readonly PickedRecord[]>([]);
  const toggle = useCallback(
    (record: PickedRecord) => setPicked((current) => (current.some((entry) => entry.id === record.id) ? current.filter((entry) => entry.id !== record.id) : [...current, record])),
    [],
  );
  const keep = useCallback((ids: readonly string[]) => setPicked((current) => current.filter((entry) => ids.includes(entry.id))), []);
  const clear = useCallback(() => setPicked([]), []);
  return useMemo(() => ({ picked, has: (id: string) => picked.some((entry) => entry.id === id), toggle, keep, clear }), [picked, toggle, keep, clear]);
}
