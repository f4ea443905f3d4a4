// GeoJSON FeatureCollection → Parquet: features are read one at a time (featureTexts) and written as
// newline-delimited JSON rows (properties, geometry as GeoJSON text, lat/lng of points), which DuckDB then types.
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { sqlString } from '../sql.js';
import { firstLine, IngestError } from './errors.js';
import { featureTexts, notFeatureCollection } from './geojson-features.js';
import type { Conversion } from './index.js';
import { PARQUET_COPY_OPTIONS } from './stored.js';

/** Columns the conversion adds; properties of the same name are kept as "properties.<name>". */
const GENERATED = new Set(['geometry', 'lat', 'lng']);

/** One feature as a flat row: scalar properties as they are, nested ones as JSON text. */
export function featureRow(text: string, index: number): Record<string, unknown> {
  let feature: { type?: unknown; properties?: unknown; geometry?: unknown };
  try {
    feature = JSON.parse(text) as typeof feature;
  } catch (error) {
    throw notFeatureCollection(`Feature ${index + 1}: ${firstLine(error)}`);
  }
  if (feature.type !== 'Feature') throw notFeatureCollection(`Feature ${index + 1}: "type" must be "Feature"`);
  const row: Record<string, unknown> = {};
  const properties = feature.properties;
  if (properties !== null && properties !== undefined) {
    if (typeof properties !== 'object' || Array.isArray(properties)) throw notFeatureCollection(`Feature ${index + 1}: "properties" must be an object`);
    for (const [name, value] of Object.entries(properties)) {
      row[GENERATED.has(name) ? `properties.${name}` : name] = value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
    }
  }
  const geometry = feature.geometry as { type?: unknown; coordinates?: unknown } | null | undefined;
  if (geometry !== null && geometry !== undefined && (typeof geometry !== 'object' || typeof geometry.type !== 'string')) {
    throw notFeatureCollection(`Feature ${index + 1}: "geometry" must be a geometry object or null`);
  }
  row.geometry = geometry ? JSON.stringify(geometry) : null;
  if (geometry?.type === 'Point' && Array.isArray(geometry.coordinates) && typeof geometry.coordinates[0] === 'number' && typeof geometry.coordinates[1] === 'number') {
    row.lat = geometry.coordinates[1];
    row.lng = geometry.coordinates[0];
  }
  return row;
}

export async function convertGeoJson({ connection, storage, source, target }: Conversion): Promise<void> {
  const rows = storage.tmpFile('ndjson');
  try {
    const output = createWriteStream(rows);
    const failed = new Promise<never>((_, reject) => output.once('error', reject));
    failed.catch(() => undefined);
    let count = 0;
    try {
      for await (const text of featureTexts(createReadStream(source))) {
        const row = featureRow(text, count++);
        if (!output.write(`${JSON.stringify(row)}\n`)) await Promise.race([once(output, 'drain'), failed]);
      }
      output.end();
      await Promise.race([once(output, 'finish'), failed]);
    } finally {
      output.destroy();
    }
    if (count === 0) throw new IngestError('The FeatureCollection has no features');
    // Types come from every row (sample_size = -1): a property's type is the one that fits all its values.
    // One feature may be up to 32 MB of JSON (DuckDB reserves buffers of that size per thread).
    await connection.run(
      `COPY (SELECT * FROM read_json(${sqlString(rows)}, format = 'newline_delimited', sample_size = -1, maximum_object_size = 33554432)) TO ${sqlString(target)} ${PARQUET_COPY_OPTIONS}`,
    );
  } catch (error) {
    if (error instanceof IngestError) throw error;
    throw new IngestError('Could not read the GeoJSON file', firstLine(error));
  } finally {
    await rm(rows, { force: true });
  }
}
