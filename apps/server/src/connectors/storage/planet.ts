// Planet's catalogue as a store, through its Data API over fetch with the connection's API key (docs/storage-connections.md):
// the buckets are the item types, the folders of an item type the acquisition days of a recent window (most recent
// first), the objects a day's items (`<day>/<item id>`), and an item opens as a one-feature GeoJSON FeatureCollection.
// The API is the driver's (index.ts registers Planet's, only tests pass another), its host checked against network.ts
// before each call; no redirect is followed, and a page token is only ever a search's results path on that API, so
// the key never goes anywhere else.
import { Readable } from 'node:stream';
import { badRequest } from '../../http/errors.js';
import { connectableAddress } from '../network.js';
import type { ConnectionTarget } from '../types.js';
import { DELIMITER, callStore, couldNotConnect, objectNotFound, storeError } from './common.js';
import type { StorageDriver, StoragePage } from './types.js';

export const PLANET_DATA_API = 'https://api.planet.com/data/v1';

/** The days listed in an item type: today (UTC) and the days before it. An older day is still listed when asked for as a prefix. */
export const PLANET_WINDOW_DAYS = 90;
/** Planet's largest search page. */
const PLANET_PAGE_SIZE = 250;
const DAY_MS = 86_400_000;
const DAY = /^(\d{4}-\d{2}-\d{2})$/;
const ITEM_KEY = /^(\d{4}-\d{2}-\d{2})\/([^/]+)$/;
const CONNECT = 'Could not connect to the storage';

/** The UTC day of a time (2026-11-27); null for no time at all. */
const dayOf = (time: number) => (Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10));
const midnight = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** A calendar day (2026-11-27), not a string that only looks like one (2026-02-30). */
const isDay = (text: string) => DAY.test(text) && dayOf(midnight(text)) === text;
const badPageToken = () => badRequest('Not a page token of this listing', 'Send back the nextPageToken of the previous page');

function apiKey(target: ConnectionTarget): string {
  const key = target.password();
  if (!key) throw couldNotConnect('A Planet connection needs its API key');
  if (!/^[\x21-\x7e]+$/.test(key)) throw couldNotConnect('The Planet API key has characters no key has (spaces, line breaks)');
  return key;
}

/** Planet's error answer (`message`, or a `general` / per-field list of `{message}`) as `status: message`. */
async function failure(response: Response): Promise<Error> {
  const text = await response.text().catch(() => '');
  let message = text.slice(0, 1000);
  try {
    const parsed = JSON.parse(text) as { message?: unknown; general?: Array<{ message?: unknown }>; field?: Record<string, Array<{ message?: unknown }>> };
    const found = parsed.message ?? parsed.general?.[0]?.message ?? Object.values(parsed.field ?? {})[0]?.[0]?.message;
    if (typeof found === 'string') message = found;
  } catch {
    // Not JSON: the text as it is.
  }
  return new Error(`${response.status}: ${message}`);
}

interface PlanetFeature {
  id: string;
  geometry: unknown;
  properties?: { acquired?: string } & Record<string, unknown>;
}
interface SearchAnswer {
  features?: PlanetFeature[];
  _links?: { _next?: string };
}

class PlanetApi {
  private readonly base: URL;

  constructor(
    api: string,
    private readonly target: ConnectionTarget,
  ) {
    this.base = new URL(api.endsWith('/') ? api : `${api}/`);
  }

  /** A path under the API (`item-types`). */
  url(path: string): URL {
    return new URL(path, this.base);
  }

  /** A page token's URL: a search's results path on the API, nothing else (not another host, not another call). */
  nextPage(token: string): URL {
    const url = new URL(token, this.base);
    const searches = `${this.base.pathname}searches/`;
    if (!token.startsWith(searches) || url.origin !== this.base.origin || !url.pathname.startsWith(searches)) throw badPageToken();
    return url;
  }

  /** The page token of a search answer's `_next` link (its path and query); null without one. */
  tokenOf(answer: SearchAnswer): string | null {
    const link = answer._links?._next;
    const next = link ? URL.parse(link, this.base) : null;
    return next ? `${next.pathname}${next.search}` : null;
  }

  /** One call; a refusal is Planet's message (422: a refused key is CONNECT), a failure to connect unreachable(). */
  async call(url: URL, what: string, init: { method?: string; body?: unknown } = {}, notFound?: () => Error): Promise<Response> {
    const key = apiKey(this.target);
    await connectableAddress(this.base.hostname, this.target.allowedHosts);
    const request: RequestInit = {
      method: init.method ?? 'GET',
      headers: { authorization: `api-key ${key}`, accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    };
    const response = await callStore(url, request, this.target, what, notFound);
    if (response.ok) return response;
    const refusedKey = response.status === 401 || response.status === 403;
    throw storeError(await failure(response), this.target, response.status, refusedKey ? CONNECT : what);
  }

  async json<T>(url: URL, what: string, init?: { method?: string; body?: unknown }, notFound?: () => Error): Promise<T> {
    const response = await this.call(url, what, init, notFound);
    try {
      return (await response.json()) as T;
    } catch {
      throw storeError(new Error(`${response.status}: the answer is not JSON`), this.target, response.status, what);
    }
  }
}

/** An offset token of a listing made here (item types, days). */
function offsetOf(pageToken: string | undefined): number {
  if (pageToken === undefined) return 0;
  if (!/^\d{1,6}$/.test(pageToken)) throw badPageToken();
  return Number(pageToken);
}

function slicePage<T>(entries: T[], pageToken: string | undefined, pageSize: number): { items: T[]; nextPageToken: string | null } {
  const start = offsetOf(pageToken);
  return { items: entries.slice(start, start + pageSize), nextPageToken: start + pageSize < entries.length ? String(start + pageSize) : null };
}

/** The day folders of the window, most recent first. */
function windowDays(now: Date): string[] {
  const today = midnight(now.toISOString().slice(0, 10));
  return Array.from({ length: PLANET_WINDOW_DAYS }, (_, back) => `${dayOf(today - back * DAY_MS)}${DELIMITER}`);
}

/** Quick search's filter for the items acquired on `day` (UTC). */
const acquiredOn = (day: string) => ({
  type: 'DateRangeFilter',
  field_name: 'acquired',
  config: { gte: `${day}T00:00:00Z`, lt: `${dayOf(midnight(day) + DAY_MS)}T00:00:00Z` },
});

export interface PlanetDriverOptions {
  /** The Data API's root: Planet's, only tests pass another. */
  api?: string;
  /** Today, for the window of days (tests fix it). */
  now?: () => Date;
}

export function planetDriver({ api = PLANET_DATA_API, now = () => new Date() }: PlanetDriverOptions = {}): StorageDriver {
  return {
    async listBuckets(target, { pageToken, pageSize }): Promise<StoragePage> {
      const planet = new PlanetApi(api, target);
      const answer = await planet.json<{ item_types?: Array<{ id: string }> }>(planet.url('item-types'), 'Could not list the buckets');
      const types = (answer.item_types ?? []).map((type) => ({ kind: 'bucket' as const, key: type.id }));
      return slicePage(types, pageToken, pageSize);
    },

    async listObjects(target, { bucket, prefix, pageToken, pageSize }): Promise<StoragePage> {
      if (prefix === '') return slicePage(windowDays(now()).map((day) => ({ kind: 'folder' as const, key: day })), pageToken, pageSize);
      const day = prefix.endsWith(DELIMITER) ? prefix.slice(0, -1) : '';
      if (!isDay(day)) throw badRequest('Not a day of the catalogue', 'The folders of a Planet item type are acquisition days: 2026-11-27/');
      const what = 'Could not list the objects';
      const planet = new PlanetApi(api, target);
      let answer: SearchAnswer;
      if (pageToken !== undefined) answer = await planet.json<SearchAnswer>(planet.nextPage(pageToken), what);
      else {
        const url = planet.url('quick-search');
        url.searchParams.set('_sort', 'acquired desc');
        url.searchParams.set('_page_size', String(Math.min(pageSize, PLANET_PAGE_SIZE)));
        answer = await planet.json<SearchAnswer>(url, what, { method: 'POST', body: { item_types: [bucket], filter: acquiredOn(day) } });
      }
      const items = (answer.features ?? []).map((feature) => {
        const acquired = Date.parse(feature.properties?.acquired ?? '');
        return { kind: 'object' as const, key: `${prefix}${feature.id}`, ...(Number.isNaN(acquired) ? {} : { lastModified: new Date(acquired).toISOString() }) };
      });
      return { items, nextPageToken: planet.tokenOf(answer) };
    },

    async openObject(target, bucket, key) {
      const [, day, id] = ITEM_KEY.exec(key) ?? [];
      if (!day || !id) throw objectNotFound(bucket, key);
      const planet = new PlanetApi(api, target);
      const url = planet.url(`item-types/${encodeURIComponent(bucket)}/items/${encodeURIComponent(id)}`);
      const item = await planet.json<PlanetFeature>(url, 'Could not read the object', undefined, () => objectNotFound(bucket, key));
      // One item, one key: the item under another day is not this object.
      if (dayOf(Date.parse(item.properties?.acquired ?? '')) !== day) throw objectNotFound(bucket, key);
      // The Feature as GeoJSON has it: Planet's own members (_links, _permissions) left out.
      const bytes = Buffer.from(JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', id: item.id, geometry: item.geometry, properties: item.properties ?? {} }] }));
      return { body: Readable.from([bytes]), size: bytes.length, contentType: 'application/geo+json' };
    },
  };
}
