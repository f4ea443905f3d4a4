import { useEffect, useRef, useState } from 'react';
import { useSearchUpdate, withChanges } from '../../ui/useSearchUpdate';

const SEARCH_DELAY_MS = 300;

/**
 * A list screen's state in the address (scope, search, sort, page …): `update` sets or drops parameters without a new
 * history entry; the search box (`typed`) reaches `q` once typing pauses (only on typing: going back in history keeps
 * its search), and a new search starts at page 1.
 */
export function useListAddress() {
  const [params, updateParams] = useSearchUpdate();
  const query = params.get('q') ?? '';
  const [typed, setTyped] = useState(query);
  const update = (changes: Record<string, string | null>) => updateParams((current) => withChanges(current, changes), { replace: true });

  const updateRef = useRef(update);
  updateRef.current = update;
  const queryRef = useRef(query);
  queryRef.current = query;
  useEffect(() => {
    if (typed.trim() === queryRef.current) return;
    const timer = window.setTimeout(() => updateRef.current({ q: typed.trim() || null, page: null }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);

  return { params, update, query, typed, setTyped };
}
