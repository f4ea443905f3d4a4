// Tiles read with the user's session: the API client adds the bearer token our tile routes check. Only this studio's
// own URLs are read (nothing is fetched from another host).
import type { ApiClient } from '@atlas/client';
import type { TileReader } from './tileSource';

export function tileReader(client: Pick<ApiClient, 'http'>, origin: string): TileReader {
  return async (url, signal) => {
    const target = new URL(url, origin);
    if (target.origin !== origin) throw new Error(`Tiles are read from this studio only, not from ${target.origin}.`);
    const bytes = await client.http.request<ArrayBuffer | undefined>('GET', `${target.pathname}${target.search}`, { responseType: 'arrayBuffer', signal });
    return bytes ?? null;
  };
}
