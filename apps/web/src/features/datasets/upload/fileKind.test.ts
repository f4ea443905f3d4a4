import { describe, expect, it } from 'vitest';
import { ACCEPTED_EXTENSIONS, fileKind } from './fileKind';

describe('fileKind', () => {
  it('reads the format from the extension and names the dataset after the file', () => {
    expect(fileKind('stores.csv')).toEqual({ ok: true, format: 'csv', compression: null, name: 'stores' });
    expect(fileKind('Trips 2024.TSV')).toEqual({ ok: true, format: 'csv', compression: null, name: 'Trips 2024' });
    expect(fileKind('zones.geojson')).toEqual({ ok: true, format: 'geojson', compression: null, name: 'zones' });
    expect(fileKind('a.b.parquet')).toEqual({ ok: true, format: 'parquet', compression: null, name: 'a.b' });
    expect(fileKind('visits.arrow')).toEqual({ ok: true, format: 'arrow', compression: null, name: 'visits' });
  });

  it('says why other files cannot be uploaded', () => {
    const other = fileKind('notes.txt');
    expect(other.ok).toBe(false);
    expect(other.ok ? '' : other.reason).toContain('not a CSV, GeoJSON, Parquet or Arrow file');
    expect(fileKind('README').ok).toBe(false);
  });

  it('reads gzip files by their inner extension and leaves a zip\'s format to the server', () => {
    expect(fileKind('stores.csv.gz')).toEqual({ ok: true, format: 'csv', compression: 'gzip', name: 'stores' });
    expect(fileKind('zones.GEOJSON.gzip')).toEqual({ ok: true, format: 'geojson', compression: 'gzip', name: 'zones' });
    expect(fileKind('visits.parquet.zip')).toEqual({ ok: true, format: 'parquet', compression: 'zip', name: 'visits' });
    expect(fileKind('bundle.zip')).toEqual({ ok: true, format: null, compression: 'zip', name: 'bundle' });
    const gz = fileKind('notes.txt.gz');
    expect(gz).toMatchObject({ ok: false, name: 'notes.txt' });
    expect(gz.ok ? '' : gz.reason).toContain('“notes.txt.gz” is not a CSV, GeoJSON, Parquet or Arrow file');
  });

  it('offers every known extension in the picker', () => {
    for (const extension of ['.csv', '.geojson', '.parquet', '.arrow', '.gz', '.zip']) expect(ACCEPTED_EXTENSIONS.split(',')).toContain(extension);
  });
});
