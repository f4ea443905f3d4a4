// Datasets are named in a kepler.gl config by `dataId` (layers, filters, …) and by the keys of the tooltip's
// `fieldsToShow`. Both are found by walking the whole config, so keys added by later kepler.gl versions follow along.
import type { JsonObject, KeplerConfig } from './types';

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Calls `visit` with every `dataId` value (a string, or each string of a list) in document order. */
function walkDataIds(node: unknown, visit: (id: string) => void): void {
  if (Array.isArray(node)) {
    node.forEach((item) => walkDataIds(item, visit));
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'dataId') {
      if (typeof value === 'string') visit(value);
      else if (Array.isArray(value)) value.forEach((id) => typeof id === 'string' && visit(id));
    } else if (key === 'fieldsToShow' && isObject(value)) {
      Object.keys(value).forEach(visit);
    }
    walkDataIds(value, visit);
  }
}

/** The datasets a config refers to, each once, in the order they first appear. */
export function configDataIds(config: KeplerConfig): string[] {
  const ids: string[] = [];
  walkDataIds(config, (id) => {
    if (!ids.includes(id)) ids.push(id);
  });
  return ids;
}

/** A copy of `node` whose dataset references are renamed by `rename` (ids it does not list stay as they are). */
function remap(node: unknown, rename: (id: string) => string): unknown {
  if (Array.isArray(node)) return node.map((item) => remap(item, rename));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'dataId' && typeof value === 'string') out[key] = rename(value);
    else if (key === 'dataId' && Array.isArray(value)) out[key] = value.map((id) => (typeof id === 'string' ? rename(id) : id));
    else if (key === 'fieldsToShow' && isObject(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([id, fields]) => [rename(id), remap(fields, rename)]));
    else out[key] = remap(value, rename);
  }
  return out;
}

/** The config with its dataset ids replaced through `mapping` (old id → new id); every other key is kept as is. */
export function remapDataIds<C extends KeplerConfig>(config: C, mapping: Readonly<Record<string, string>>): C {
  return remap(config, (id) => mapping[id] ?? id) as C;
}
