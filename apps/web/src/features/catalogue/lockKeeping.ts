// What every editor holding a record's lock (the map builder, the workbook editor) shares: how often the lock is taken
// again before it lapses, and a client whose calls outlive the page, for the release on leaving (a keepalive fetch:
// navigator.sendBeacon would outlive the page too but cannot carry the bearer token).
import { useMemo, useRef } from 'react';
import { createApiClient, type ApiClient } from '@atlas/client';
import { LOCK_TTL_SECONDS } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { useSession } from '../../api/session';

/** The server lets a lock lapse LOCK_TTL_SECONDS after it was last taken: taken again three times within that. */
export const LOCK_REFRESH_MS = (LOCK_TTL_SECONDS * 1000) / 3;

const keepaliveFetch: typeof fetch = (input, init) => globalThis.fetch(input, { ...init, keepalive: true });

/** The API client with the session's current token, its requests kept alive past the page's end. */
export function useKeepaliveClient(): ApiClient {
  const client = useApiClient();
  const { token } = useSession();
  const tokenRef = useRef(token);
  tokenRef.current = token;
  return useMemo(() => createApiClient({ baseUrl: client.http.baseUrl, getToken: () => tokenRef.current, fetch: keepaliveFetch }), [client]);
}

/** Releases an editor's unmount scheduled, by record key: the same record's editor mounting again first cancels it. */
const pendingReleases = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Releases after the current task: React's StrictMode (and a route that re-renders the same editor) unmounts and
 * mounts an editor at once, and the lock it still holds must not be given up on the way.
 */
export function releaseAfterUnmount(key: string, release: () => void): void {
  pendingReleases.set(
    key,
    setTimeout(() => {
      pendingReleases.delete(key);
      release();
    }, 0),
  );
}

/** The editor of `key` is open again: a release its last unmount scheduled does not happen. */
export function cancelPendingRelease(key: string): void {
  clearTimeout(pendingReleases.get(key));
  pendingReleases.delete(key);
}
