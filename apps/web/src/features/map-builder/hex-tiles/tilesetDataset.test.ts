import type { QuantileRow } from '@atlas/domain';
import { describe, expect, it } from 'vitest';
import { boundsOf, builtHexTileset, fieldDomains, hexField, keplerHexTileDataset, loadHexTileDataset } from './tilesetDataset';

const quantile = (column: string, values: number[]): QuantileRow => ({ time: null, column, q0: values[0]!, q25: values[1]!, q50: values[2]!, q75: values[3]!, q100: values[4]! });

const record = {
  id: 'ts1',
  name: 'France points (hex tiles)',
  type: 'hex-tile' as const,
  status: 'ready' as const,
  metadata: {
    dataVersion: 'v7',
    hexTile: {
      kind: 'geo',
      finestResolution: 6,
      resolutionOffset: 4,
      timeIntervals: [],
      timeRange: null,
      columns: [
        { name: 'points', sourceColumn: 'points', aggMethod: 'sum', dtype: 'int64' },
        { name: 'speed', sourceColumn: 'speed', aggMethod: 'mean', dtype: 'float64' },
        { name: 'kind', sourceColumn: 'kind', aggMethod: 'mode', dtype: 'VARCHAR' },
      ],
      viewport: { minLng: -1.5, minLat: 43, maxLng: 7.5, maxLat: 50 },
    },
  },
};

describe('hex tileset as a kepler.gl dataset', () => {
  it("takes each column's quantiles per tile resolution as its color domains by zoom, and their range overall", () => {
    const domains = fieldDomains(['points'], [[quantile('points', [1, 10, 100, 1000, 10_000])], [quantile('points', [1, 2, 5, 20, 400])], []]);
    expect(domains.get('points')).toEqual({
      domain: [1, 10_000],
      domainQuantiles: { quantiles: [[1, 10, 100, 1000, 10_000], [1, 2, 5, 20, 400]], z: [0, 1] },
      domainStops: { stops: [[1, 10_000], [1, 400]], z: [0, 1] },
    });
  });

  it("pools a geotemporal tileset's quantiles per bucket: lowest minimum, median quartiles, highest maximum", () => {
    const day = (time: string, values: number[]) => ({ ...quantile('points', values), time });
    const rows = [day('2024-01-01', [1, 2, 3, 4, 10]), day('2024-01-02', [2, 4, 6, 8, 50]), day('2024-01-03', [0, 3, 5, 9, 20])];
    expect(fieldDomains(['points'], [rows]).get('points')!.domainQuantiles).toEqual({ quantiles: [[0, 3, 5, 8, 50]], z: [0] });
  });

  it('makes numeric columns fields (integers and reals) and leaves the others out', () => {
    expect(hexField({ name: 'points', dtype: 'int64' }, undefined)).toMatchObject({ name: 'points', type: 'integer', filterProps: { domain: [0, 0] } });
    expect(hexField({ name: 'speed', dtype: 'float32' }, undefined)).toMatchObject({ type: 'real', analyzerType: 'FLOAT' });
    expect(hexField({ name: 'kind', dtype: 'VARCHAR' }, undefined)).toBeNull();
  });

  it('describes a built tileset: its levels, bounds, build and tiles holding data', () => {
    const described = keplerHexTileDataset(record, builtHexTileset(record)!, { quantiles: { ALL: [[quantile('points', [1, 2, 3, 4, 5])], [], []] }, tilesWithData: { 0: ['8019fffffffffff'] } });
    expect(described.info).toEqual({ id: 'ts1', label: 'France points (hex tiles)', type: 'hex-tile', format: 'rows' });
    expect(described.data.fields.map((field) => field.name)).toEqual(['points', 'speed']);
    expect(described.metadata).toMatchObject({ tilesetId: 'ts1', version: 'v7', offset: 4, finest: 6, maxZoom: 2, minZoom: 0, bounds: [-1.5, 43, 7.5, 50], kind: 'geo', tilesWithData: { 0: ['8019fffffffffff'] } });
    expect(described.data.fields[0]!.filterProps).toMatchObject({ domainQuantiles: { z: [0] } });
  });

  it('is not drawn before its build is ready', () => {
    expect(builtHexTileset({ ...record, status: 'pending' as never })).toBeNull();
    expect(builtHexTileset({ ...record, metadata: {} })).toBeNull();
  });

  it('reads the quantiles of each data resolution once and the index, with the session', async () => {
    const asked: string[] = [];
    const request = async (method: string, path: string) => {
      asked.push(`${method} ${path}`);
      if (path.endsWith('/tileset-index')) return { levels: [{ z: 0, tiles: ['8019fffffffffff'] }, { z: 1, tiles: null }] };
      return [quantile('points', [1, 2, 3, 4, Number(path.split('/')[4])])];
    };
    const described = await loadHexTileDataset({ http: { request } } as never, record);
    // Tiles 0, 1, 2 hold cells of resolutions 4, 5, 6.
    expect(asked.sort()).toEqual(['GET /v1/tileset/ts1/4/quantiles', 'GET /v1/tileset/ts1/5/quantiles', 'GET /v1/tileset/ts1/6/quantiles', 'GET /v1/tileset/ts1/tileset-index']);
    expect(described.data.fields[0]!.filterProps.domainQuantiles).toEqual({ quantiles: [[1, 2, 3, 4, 4], [1, 2, 3, 4, 5], [1, 2, 3, 4, 6]], z: [0, 1, 2] });
    expect(described.metadata.tilesWithData).toEqual({ 0: ['8019fffffffffff'] });

    // A geotemporal tileset's quantiles are read over all time and per bucket of each interval it can play (not
    // MINUTE: more than 1000 buckets); its fields hold those of the interval played by default.
    asked.length = 0;
    const hexTile = { ...record.metadata.hexTile, kind: 'geotemporal', timeIntervals: ['YEAR', 'DAY', 'MINUTE'], timeRange: { start: '2024-01-01', end: '2024-01-05' } };
    const byDay = (path: string) => (path.endsWith('/DAY') ? 1000 : path.endsWith('/YEAR') ? 2000 : 3000);
    const timed = await loadHexTileDataset({ http: { request: async (method: string, path: string) => (path.includes('/quantiles') ? (asked.push(path), [quantile('points', [0, 1, 2, 3, byDay(path)])]) : request(method, path)) } } as never, { ...record, metadata: { ...record.metadata, hexTile } });
    expect(asked.filter((path) => path.startsWith('/v1/tileset/ts1/4/')).sort()).toEqual(['/v1/tileset/ts1/4/quantiles', '/v1/tileset/ts1/4/quantiles/DAY', '/v1/tileset/ts1/4/quantiles/YEAR']);
    expect(asked.filter((path) => path.includes('/quantiles'))).toHaveLength(9);
    expect(Object.keys(timed.metadata.domainsByTime).sort()).toEqual(['ALL', 'DAY', 'YEAR']);
    expect(timed.metadata.domainsByTime.ALL!.points!.domain).toEqual([0, 3000]);
    expect(timed.metadata.domainsByTime.YEAR!.points!.domain).toEqual([0, 2000]);
    expect(timed.data.fields[0]!.filterProps.domain).toEqual([0, 1000]);
  });
});

describe('boundsOf', () => {
  it("is the tileset's viewport, continued past 180° when it crosses the antimeridian, else the world", () => {
    expect(boundsOf({ minLng: -1.5, minLat: 43, maxLng: 7.5, maxLat: 50 })).toEqual([-1.5, 43, 7.5, 50]);
    expect(boundsOf({ minLng: 176.9, minLat: -18.5, maxLng: -177.9, maxLat: -15.9 })).toEqual([176.9, -18.5, 182.1, -15.9]);
    expect(boundsOf(null)).toEqual([-180, -85.0511, 180, 85.0511]);
    expect(boundsOf({ minLng: 0, minLat: 10, maxLng: 1, maxLat: 5 })).toEqual([-180, -85.0511, 180, 85.0511]);
  });
});

