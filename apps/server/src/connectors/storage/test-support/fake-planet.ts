// Planet's Data API in miniature for tests, on loopback (under /data/v1 as Planet's): the calls the planet driver
// makes, each checking the API key (`Authorization: api-key <key>`, or Basic with the key as user): the item types,
// a quick search on item types and an acquisition range sorted by `acquired`, its pages followed through
// `_links._next`, and one item. Errors as Planet answers them: `{ message }`, or `{ general: [{ message }] }` for a
// refused search.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { text } from 'node:stream/consumers';
import { listenOnLoopback } from '../../test-support/loopback.js';

export interface FakePlanetItem {
  id: string;
  itemType: string;
  /** ISO time. */
  acquired: string;
  geometry: { type: string; coordinates: unknown };
  properties?: Record<string, unknown>;
}

export interface FakePlanet {
  /** The Data API's root, as the driver takes it. */
  api: string;
  /** Every request's method, path and query, in order. */
  requests(): string[];
  close(): Promise<void>;
}

const ROOT = '/data/v1';

class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly general = false,
  ) {
    super(message);
  }
}

interface Search {
  itemTypes: string[];
  gte: number;
  lt: number;
  descending: boolean;
}

function authorized(request: http.IncomingMessage, key: string): boolean {
  const header = request.headers.authorization ?? '';
  if (header === `api-key ${key}`) return true;
  return header.startsWith('Basic ') && Buffer.from(header.slice(6), 'base64').toString() === `${key}:`;
}

/** The one filter the driver sends: a DateRangeFilter on `acquired` with gte and lt. */
function searchOf(body: unknown, sort: string | null, itemTypes: readonly string[]): Search {
  const { item_types: types, filter } = (body ?? {}) as { item_types?: unknown; filter?: { type?: string; field_name?: string; config?: { gte?: string; lt?: string } } };
  if (!Array.isArray(types) || types.length === 0) throw new ApiError(400, 'item_types: this field is required', true);
  const unknown = types.find((type) => !itemTypes.includes(type as string));
  if (unknown !== undefined) throw new ApiError(400, `Invalid item type: ${String(unknown)}`, true);
  if (filter?.type !== 'DateRangeFilter' || filter.field_name !== 'acquired') throw new ApiError(400, 'Only a DateRangeFilter on acquired is served here', true);
  if (sort !== 'acquired desc' && sort !== 'acquired asc') throw new ApiError(400, 'Only acquired desc or asc is served here', true);
  return { itemTypes: types as string[], gte: Date.parse(filter.config?.gte ?? ''), lt: Date.parse(filter.config?.lt ?? ''), descending: sort === 'acquired desc' };
}

export async function fakePlanet(options: { key: string; itemTypes: string[]; items: FakePlanetItem[] }): Promise<FakePlanet> {
  const seen: string[] = [];
  const searches = new Map<string, Search>();
  let origin = '';

  const feature = (item: FakePlanetItem) => ({
    type: 'Feature',
    id: item.id,
    geometry: item.geometry,
    properties: { acquired: item.acquired, item_type: item.itemType, ...item.properties },
    _links: { _self: `${origin}${ROOT}/item-types/${item.itemType}/items/${item.id}`, assets: `${origin}${ROOT}/item-types/${item.itemType}/items/${item.id}/assets/` },
    _permissions: ['assets.basic_analytic:download'],
  });

  /** One page of a search's results from the offset `_page` names, with `_next` when more follow. */
  function results(id: string, params: URLSearchParams) {
    const search = searches.get(id);
    if (!search) throw new ApiError(404, 'Search not found');
    const found = options.items
      .filter((item) => search.itemTypes.includes(item.itemType) && Date.parse(item.acquired) >= search.gte && Date.parse(item.acquired) < search.lt)
      .sort((a, b) => (Date.parse(a.acquired) - Date.parse(b.acquired)) * (search.descending ? -1 : 1));
    const start = Number(params.get('_page') ?? 0);
    const size = Number(params.get('_page_size') ?? 250);
    if (size > 250) throw new ApiError(400, '_page_size: must be at most 250', true);
    const next = start + size < found.length ? `${origin}${ROOT}/searches/${id}/results?_page=${start + size}&_page_size=${size}` : undefined;
    return {
      type: 'FeatureCollection',
      features: found.slice(start, start + size).map(feature),
      _links: { _self: `${origin}${ROOT}/searches/${id}/results?_page=${start}`, ...(next ? { _next: next } : {}) },
    };
  }

  async function answer(request: http.IncomingMessage, url: URL): Promise<unknown> {
    if (!authorized(request, options.key)) throw new ApiError(401, 'Please enter your API key, or email and password.');
    const path = url.pathname.startsWith(`${ROOT}/`) ? url.pathname.slice(ROOT.length) : '';
    if (request.method === 'GET' && path === '/item-types') {
      return { item_types: options.itemTypes.map((id) => ({ id, display_name: id })), _links: { _self: `${origin}${ROOT}/item-types/` } };
    }
    if (request.method === 'POST' && path === '/quick-search') {
      const search = searchOf(JSON.parse(await text(request)), url.searchParams.get('_sort'), options.itemTypes);
      const id = randomUUID().replaceAll('-', '');
      searches.set(id, search);
      return results(id, url.searchParams);
    }
    const searchPage = /^\/searches\/([0-9a-f]+)\/results$/.exec(path);
    if (request.method === 'GET' && searchPage) return results(searchPage[1]!, url.searchParams);
    const item = /^\/item-types\/([^/]+)\/items\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && item) {
      const [type, id] = [decodeURIComponent(item[1]!), decodeURIComponent(item[2]!)];
      const found = options.items.find((entry) => entry.itemType === type && entry.id === id);
      if (!found) throw new ApiError(404, `Item not found: ${type}/${id}`);
      return feature(found);
    }
    throw new ApiError(404, `Not found: ${url.pathname}`);
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    seen.push(`${request.method} ${url.pathname}${url.search}`);
    answer(request, url).then(
      (body) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      },
      (error: unknown) => {
        const failure = error instanceof ApiError ? error : new ApiError(500, (error as Error).message);
        response.writeHead(failure.code, { 'content-type': 'application/json' });
        response.end(JSON.stringify(failure.general ? { field: {}, general: [{ message: failure.message }] } : { message: failure.message, errors: [] }));
      },
    );
  });
  origin = `http://127.0.0.1:${await listenOnLoopback(server)}`;
  return {
    api: `${origin}${ROOT}`,
    requests: () => [...seen],
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
