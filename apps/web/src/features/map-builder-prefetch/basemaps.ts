// What the map builder offers beside its data: our offline basemap styles (GET /v1/basemaps), the user's map-style
// assets, and the user's color palettes as kepler.gl palettes. Free of kepler.gl imports, so other screens may use it.
import type { ApiClient } from '@atlas/client';
import type { ColorPalette, MapAsset } from '@atlas/domain';

/** The light style C serves; a new map opens on it. */
export const ATLAS_LIGHT_STYLE_ID = 'atlas-light';

/** One entry of GET /v1/basemaps. */
export interface Basemap {
  id: string;
  label: string;
  styleUrl: string;
  iconUrl: string;
}

/**
 * A style kepler.gl offers in its base-map panel (its `mapStyles` prop). Give it the style document (`style`), not a
 * `url`: kepler.gl lists a style's "map layers" toggles (labels, borders, water, land …) from the layers of the
 * document it has when the style is first offered and never looks again, so a style it fetches later keeps none (and
 * a saved map's hidden layer groups would show).
 */
export interface KeplerMapStyle {
  id: string;
  label: string;
  url?: string;
  style?: Record<string, unknown>;
  icon: string;
}

/** A palette in kepler.gl's shape: `colors(steps)` answers that many colors. */
export interface KeplerColorPalette {
  name: string;
  type: 'sequential' | 'diverging' | 'qualitative';
  category: string;
  colorBlindSafe: boolean;
  maxStep: number;
  colors: (steps: number) => string[];
}

/** The category under which the user's palettes appear in kepler.gl's color picker. */
export const USER_PALETTE_CATEGORY = 'Atlas Studio';

/** The picture kepler.gl shows for a user's style in its picker (a thumbnail would need the user's token). */
export const STYLE_ICON_PATH = '/kepler/style-icon.svg';

type Client = Pick<ApiClient, 'http' | 'mapAssets'>;

/**
 * The builder's styles and palettes as queries, one definition for the builder and for the route that starts them
 * before the builder's chunk has loaded (map-builder-prefetch): the builder mounts kepler.gl once it has its styles.
 */
export const mapStylesQuery = (client: Client, origin: string) => ({ queryKey: ['map-builder', 'styles', origin], queryFn: () => loadMapStyles(client, origin), retry: false }) as const;
export const colorPalettesQuery = (client: Client) => ({ queryKey: ['map-builder', 'palettes'], queryFn: () => loadColorPalettes(client), retry: false }) as const;

const PAGE = { limit: 1000 } as const;

/**
 * Our styles, then the user's own, their organization's and those shared with them (each once), each with its style
 * document read here: ours from our server, uploaded style files with the user's credentials (kepler.gl's own fetch
 * would carry none). A user's style whose file cannot be read is left out; ours failing fails the whole list.
 */
export async function loadMapStyles(client: Client, origin: string): Promise<KeplerMapStyle[]> {
  const [ours, assets] = await Promise.all([loadBasemapStyles(client, origin), readableAssets(client, 'map-style')]);
  const theirs = await Promise.all(
    assets.map(async (asset) => {
      const source = assetMapStyle(asset, origin);
      if (!source?.url) return source;
      const { url, ...rest } = source;
      const style = await readStyle(client, url, origin).catch(() => null);
      return style ? { ...rest, style } : null;
    }),
  );
  return [...ours, ...theirs.filter((style): style is KeplerMapStyle => style !== null)];
}

/** Our offline basemap styles (public), each with its document. */
export async function loadBasemapStyles(client: Pick<ApiClient, 'http'>, origin: string): Promise<KeplerMapStyle[]> {
  const basemaps = await client.http.request<Basemap[]>('GET', '/v1/basemaps');
  return Promise.all(
    basemaps.map(async (basemap) => ({ id: basemap.id, label: basemap.label, style: await readStyle(client, basemap.styleUrl, origin), icon: basemap.iconUrl })),
  );
}

/** A style document on our own origin (assetMapStyle keeps only those), read through the API client. */
function readStyle(client: Pick<ApiClient, 'http'>, url: string, origin: string): Promise<Record<string, unknown>> {
  const { pathname, search } = new URL(url, origin);
  return client.http.request<Record<string, unknown>>('GET', `${pathname}${search}`);
}

/** The user's color palettes (own, organization, shared), in kepler.gl's shape. */
export async function loadColorPalettes(client: Client): Promise<KeplerColorPalette[]> {
  const assets = await readableAssets(client, 'color-palette');
  return assets.flatMap((asset) => {
    const palette = (asset.metadata as { palette?: ColorPalette }).palette;
    return palette ? [toKeplerPalette(asset.name, palette)] : [];
  });
}

async function readableAssets(client: Client, type: 'map-style' | 'color-palette'): Promise<MapAsset[]> {
  const lists = await Promise.all([
    client.mapAssets.list({ type, ...PAGE }),
    client.mapAssets.forOrganization({ type, ...PAGE }),
    client.mapAssets.sharedWithUser({ type, ...PAGE }),
  ]);
  const byId = new Map<string, MapAsset>();
  for (const asset of lists.flatMap((list) => list.items)) if (asset.type === type) byId.set(asset.id, asset);
  return [...byId.values()];
}

/**
 * Where a map-style asset's document is: inline, or at a URL on our own origin (its uploaded file, or an external URL
 * that happens to be ours). Styles only reachable on other hosts are left out (nothing may be fetched from outside);
 * they stay usable wherever the network reaches them (the basemaps screen).
 */
export function assetMapStyle(asset: MapAsset, origin: string): KeplerMapStyle | null {
  const metadata = asset.metadata as { style?: Record<string, unknown>; externalUrl?: string };
  const base = { id: `asset-${asset.id}`, label: asset.name, icon: `${origin}${STYLE_ICON_PATH}` };
  if (metadata.style) return { ...base, style: metadata.style };
  if (asset.assetReadPath) return { ...base, url: new URL(asset.assetReadPath, origin).href };
  if (metadata.externalUrl && sameOrigin(metadata.externalUrl, origin)) return { ...base, url: metadata.externalUrl };
  return null;
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}

const PALETTE_TYPES = ['sequential', 'diverging', 'qualitative'] as const;

/** kepler.gl asks a palette for 3 to 20 steps: qualitative palettes give their first colors, others are resampled. */
export function toKeplerPalette(name: string, palette: ColorPalette): KeplerColorPalette {
  const type = PALETTE_TYPES.find((candidate) => candidate === palette.type) ?? 'sequential';
  const colors = palette.colors;
  return {
    name: palette.name || name,
    type,
    category: palette.category || USER_PALETTE_CATEGORY,
    colorBlindSafe: false,
    maxStep: type === 'qualitative' ? colors.length : 20,
    colors: (steps) => (type === 'qualitative' ? colors.slice(0, steps) : resample(colors, steps)),
  };
}

/** `steps` colors evenly spread over the palette, interpolated in RGB between its stops. */
export function resample(colors: readonly string[], steps: number): string[] {
  if (colors.length === 1 || steps <= 1) return Array.from({ length: Math.max(steps, 1) }, () => colors[0] as string);
  return Array.from({ length: steps }, (_, i) => {
    const position = (i / (steps - 1)) * (colors.length - 1);
    const low = Math.floor(position);
    const high = Math.min(low + 1, colors.length - 1);
    return mix(colors[low] as string, colors[high] as string, position - low);
  });
}

function mix(a: string, b: string, t: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  const parts = [0, 1, 2].map((i) => Math.round(channel(a, i) + (channel(b, i) - channel(a, i)) * t));
  return `#${parts.map((part) => part.toString(16).padStart(2, '0')).join('')}`;
}
