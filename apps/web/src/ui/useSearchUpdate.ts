import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

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
 * The address's parameters and an update of them. react-router hands a functional update the parameters of the last
 * render, so two updates before the next render (filters cleared, then a filter chosen at once) lost the first; here
 * each update starts from the parameters the last one asked for.
 */
export function useSearchUpdate() {
  const [params, setParams] = useSearchParams();
  const latest = useRef({ rendered: params, asked: params });
  if (latest.current.rendered !== params) latest.current = { rendered: params, asked: params };
  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams, { replace = false }: { replace?: boolean } = {}) => {
      const next = change(new URLSearchParams(latest.current.asked));
      latest.current.asked = next;
      setParams(next, { replace });
    },
    [setParams],
  );
  return [params, update] as const;
}
