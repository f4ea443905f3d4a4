import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

const SEARCH_DELAY_MS = 300;

/** The parameters with `changes` applied: a value sets its parameter, null or '' drops it. */
export function withChanges(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/**
 * A list screen's state in the address (scope, search, sort, page …): `update` sets or drops parameters without a new
 * history entry; the search box (`typed`) reaches `q` once typing pauses (only on typing: going back in history keeps
 * its search), and a new search starts at page 1.
 */
export function useListAddress() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [typed, setTyped] = useState(query);

  // react-router hands a functional update the parameters of the last render, so two updates before the next render
  // (filters cleared, then a filter chosen at once) lost the first; each update starts from the last one asked for.
  const latest = useRef({ rendered: params, asked: params });
  if (latest.current.rendered !== params) latest.current = { rendered: params, asked: params };
  const update = (changes: Record<string, string | null>) => {
    const next = withChanges(latest.current.asked, changes);
    latest.current.asked = next;
    setParams(next, { replace: true });
  };

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
