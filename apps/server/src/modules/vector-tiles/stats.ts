// What a build measures of each property, for clients that filter and color by it without reading every tile:
// numbers' range, and the distinct texts while they are few (kepler.gl's vector tile layer takes these as its field
// domains, as it takes tippecanoe's tilestats). Stored as metadata.vectorTile.fieldStats.
import type { Feature } from 'geojson';

/** Texts listed per property at most: past this many distinct values a pick list helps nobody. */
export const MAX_LISTED_VALUES = 100;
/** A longer text is no pick-list entry (and keeps the metadata small): its property gets no list. */
export const MAX_LISTED_LENGTH = 100;

export interface FieldStat {
  min?: number;
  max?: number;
  /** Sorted; absent when the property has more than MAX_LISTED_VALUES distinct texts, or a longer one. */
  values?: string[];
}

/** Stats of the properties of type Number (range) and String (values) over all features. */
export function fieldStats(features: readonly Feature[], fields: Record<string, string>): Record<string, FieldStat> {
  const ranges = new Map<string, { min: number; max: number }>();
  const texts = new Map<string, Set<string> | null>();
  for (const [name, type] of Object.entries(fields)) if (type === 'String') texts.set(name, new Set());
  for (const feature of features) {
    for (const [name, value] of Object.entries(feature.properties ?? {})) {
      if (typeof value === 'number' && fields[name] === 'Number') {
        const range = ranges.get(name);
        if (!range) ranges.set(name, { min: value, max: value });
        else if (value < range.min) range.min = value;
        else if (value > range.max) range.max = value;
      } else if (typeof value === 'string') {
        const seen = texts.get(name);
        if (!seen) continue;
        seen.add(value);
        if (seen.size > MAX_LISTED_VALUES || value.length > MAX_LISTED_LENGTH) texts.set(name, null);
      }
    }
  }
  const stats: Record<string, FieldStat> = {};
  for (const [name, range] of ranges) stats[name] = range;
  for (const [name, seen] of texts) stats[name] = seen ? { values: [...seen].sort() } : {};
  return stats;
}
