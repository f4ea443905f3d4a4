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
  it('lists our basemaps first, then each readable style asset once', async () => {
    const style = asset('s1', 'map-style', { style: { version: 8 } });
    const client = {
      http: { request: async () => [{ id: 'atlas-light', label: 'Atlas light', styleUrl: `${ORIGIN}/v1/basemaps/atlas-light/style.json`, iconUrl: '/i.svg' }] },
      mapAssets: {
        list: async () => ({ items: [style], total: 1 }),
        forOrganization: async () => ({ items: [style, asset('p', 'color-palette', {})], total: 2 }),
        sharedWithUser: async () => ({ items: [], total: 0 }),
      },
    };
    const styles = await loadMapStyles(client as never, ORIGIN);
    expect(styles.map((entry) => entry.id)).toEqual(['atlas-light', 'asset-s1']);
    expect(styles[0]).toEqual({ id: 'atlas-light', label: 'Atlas light', url: `${ORIGIN}/v1/basemaps/atlas-light/style.json`, icon: '/i.svg' });
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
