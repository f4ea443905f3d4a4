import { describe, expect, it } from 'vitest';
import type { MapAsset } from '@atlas/domain';
import { STYLE_ICON_PATH, assetMapStyle, loadMapStyles, resample, toKeplerPalette } from './basemaps';

const ORIGIN = 'http://127.0.0.1:8080';
const asset = (id: string, type: MapAsset['type'], metadata: Record<string, unknown>, assetReadPath: string | null = null) =>
  ({ id, type, name: `Asset ${id}`, metadata, assetReadPath }) as unknown as MapAsset;

describe('assetMapStyle', () => {
  it('offers an inline style, an uploaded style file, or an external URL on our own origin', () => {
    expect(assetMapStyle(asset('a', 'map-style', { style: { version: 8 } }), ORIGIN)).toEqual({
      id: 'asset-a',
      label: 'Asset a',
      style: { version: 8 },
      icon: `${ORIGIN}${STYLE_ICON_PATH}`,
    });
    expect(assetMapStyle(asset('b', 'map-style', {}, '/v1/map-assets/b/files/asset'), ORIGIN)?.url).toBe(`${ORIGIN}/v1/map-assets/b/files/asset`);
    expect(assetMapStyle(asset('c', 'map-style', { externalUrl: `${ORIGIN}/styles/c.json` }), ORIGIN)?.url).toBe(`${ORIGIN}/styles/c.json`);
  });

  it('leaves out styles only reachable on other hosts (kepler.gl would fetch them on every open)', () => {
    expect(assetMapStyle(asset('d', 'map-style', { externalUrl: 'https://tiles.example.com/style.json' }), ORIGIN)).toBeNull();
    expect(assetMapStyle(asset('e', 'map-style', {}), ORIGIN)).toBeNull();
  });
});

describe('loadMapStyles', () => {
  const STYLE = { version: 8, layers: [{ id: 'place-city-label', type: 'symbol' }, { id: 'water', type: 'fill' }] };

  /** An API client whose GETs answer from `answers` by path, recording each path asked. */
  function client(answers: Record<string, unknown>, assets: MapAsset[]) {
    const asked: string[] = [];
    return {
      asked,
      http: {
        request: async (_method: string, path: string) => {
          asked.push(path);
          if (!(path in answers)) throw new Error(`404 ${path}`);
          return answers[path];
        },
      },
      mapAssets: {
        list: async () => ({ items: assets, total: assets.length }),
        forOrganization: async () => ({ items: [...assets, asset('p', 'color-palette', {})], total: assets.length + 1 }),
        sharedWithUser: async () => ({ items: [], total: 0 }),
      },
    };
  }

  it('hands kepler.gl every style as its document, read here, so that its map-layer toggles are listed', async () => {
    const basemaps = [{ id: 'atlas-light', label: 'Atlas light', styleUrl: `${ORIGIN}/v1/basemaps/atlas-light/style.json`, iconUrl: '/i.svg' }];
    const inline = asset('s1', 'map-style', { style: { version: 8, layers: [] } });
    const uploaded = asset('s2', 'map-style', {}, '/v1/map-assets/s2/files/asset');
    const api = client({ '/v1/basemaps': basemaps, '/v1/basemaps/atlas-light/style.json': STYLE, '/v1/map-assets/s2/files/asset': STYLE }, [inline, uploaded]);
    const styles = await loadMapStyles(api as never, ORIGIN);
    expect(styles.map((entry) => entry.id)).toEqual(['atlas-light', 'asset-s1', 'asset-s2']);
    expect(styles[0]).toEqual({ id: 'atlas-light', label: 'Atlas light', style: STYLE, icon: '/i.svg' });
    expect(styles[2]).toEqual({ id: 'asset-s2', label: 'Asset s2', style: STYLE, icon: `${ORIGIN}${STYLE_ICON_PATH}` });
    // Nothing is left for kepler.gl to fetch (it would list no toggles, and carry no credentials for a user's file).
    for (const entry of styles) expect(entry).not.toHaveProperty('url');
    expect(api.asked).toEqual(['/v1/basemaps', '/v1/basemaps/atlas-light/style.json', '/v1/map-assets/s2/files/asset']);
  });

  it('leaves out a user style whose file cannot be read, but fails when ours cannot', async () => {
    const basemaps = [{ id: 'atlas-light', label: 'Atlas light', styleUrl: `${ORIGIN}/v1/basemaps/atlas-light/style.json`, iconUrl: '/i.svg' }];
    const broken = asset('s3', 'map-style', {}, '/v1/map-assets/s3/files/asset');
    const styles = await loadMapStyles(client({ '/v1/basemaps': basemaps, '/v1/basemaps/atlas-light/style.json': STYLE }, [broken]) as never, ORIGIN);
    expect(styles.map((entry) => entry.id)).toEqual(['atlas-light']);
    await expect(loadMapStyles(client({ '/v1/basemaps': basemaps }, []) as never, ORIGIN)).rejects.toThrow('404 /v1/basemaps/atlas-light/style.json');
  });
});

describe('toKeplerPalette', () => {
  it('gives qualitative palettes their first colors and caps their steps', () => {
    const palette = toKeplerPalette('Brand', { type: 'qualitative', colors: ['#ff0000', '#00ff00', '#0000ff'] });
    expect(palette).toMatchObject({ name: 'Brand', type: 'qualitative', category: 'Atlas Studio', maxStep: 3 });
    expect(palette.colors(2)).toEqual(['#ff0000', '#00ff00']);
  });

  it('resamples sequential palettes to any number of steps', () => {
    const palette = toKeplerPalette('Heat', { name: 'Heat map', colors: ['#000000', '#ffffff'] });
    expect(palette.name).toBe('Heat map');
    expect(palette.type).toBe('sequential');
    expect(palette.colors(3)).toEqual(['#000000', '#808080', '#ffffff']);
  });
});

describe('resample', () => {
  it('keeps the end colors and repeats a single color', () => {
    expect(resample(['#102030', '#405060', '#708090'], 5)).toEqual(['#102030', '#283848', '#405060', '#586878', '#708090']);
    expect(resample(['#abcdef'], 3)).toEqual(['#abcdef', '#abcdef', '#abcdef']);
  });
});
