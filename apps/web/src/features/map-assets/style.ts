// A map style file: a MapLibre style document (version 8, sources, layers), checked before it is uploaded.
export class StyleFileError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export interface StyleSummary {
  name: string | null;
  layers: number;
  sources: number;
}

/** What a style file holds, or why it is no MapLibre style. */
export function readStyleFile(text: string): StyleSummary {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new StyleFileError('The style file is not JSON');
  }
  if (!isObject(json)) throw new StyleFileError('A map style is a JSON object');
  if (json.version !== 8) throw new StyleFileError('A MapLibre style has "version": 8');
  if (!isObject(json.sources)) throw new StyleFileError('A MapLibre style has "sources" (an object)');
  if (!Array.isArray(json.layers)) throw new StyleFileError('A MapLibre style has "layers" (a list)');
  return { name: typeof json.name === 'string' ? json.name : null, layers: json.layers.length, sources: Object.keys(json.sources).length };
}

/** A URL the browser can fetch a style from: http(s) only. */
export function checkStyleUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new StyleFileError('Enter the full address of the style, starting with https://');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new StyleFileError('A style address starts with https:// or http://');
  return url.href;
}
