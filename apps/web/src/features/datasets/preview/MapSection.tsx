// The map preview's panel: what is drawn (detected from the columns) over a sample of rows, the map itself loaded
// with MapLibre on first use, or why there is nothing to draw.
import { lazy, Suspense, useMemo } from 'react';
import type { Dataset } from '@atlas/domain';
import { errorText } from '../../../api/errors';
import { Spinner } from '../../../ui/Spinner';
import { formatCount } from '../format';
import { columnsOf } from '../listing';
import { describeSource, detectMapSource, toFeatures, type MapSource } from './mapSource';
import { usePreviewRows } from './usePreviewRows';

/** Rows drawn on the preview map: enough to show where the data is, small enough to draw at once. */
export const MAP_SAMPLE_ROWS = 5000;

const MapPreview = lazy(() => import('./MapPreview').then((module) => ({ default: module.MapPreview })));

export function MapSection({ dataset, rowCount }: { dataset: Dataset; rowCount: number | null }) {
  // The query cache keeps `metadata` the same object while the data is unchanged (a new tag or name changes the
  // dataset, not its metadata), so the map is drawn once.
  const { metadata } = dataset;
  const source = useMemo(() => detectMapSource(metadata, columnsOf({ metadata })), [metadata]);
  if (!source)
    return (
      <p className="datasets-page__empty" data-testid="map-none">
        Nothing to draw: no latitude/longitude columns, geometry or H3 cells were found in this dataset.
      </p>
    );
  return <SampleMap dataset={dataset} source={source} rowCount={rowCount} />;
}

function SampleMap({ dataset, source, rowCount }: { dataset: Dataset; source: MapSource; rowCount: number | null }) {
  const rows = usePreviewRows(dataset, 0, MAP_SAMPLE_ROWS);
  const features = useMemo(() => (rows.data ? toFeatures(rows.data.rows, source) : null), [rows.data, source]);
  if (rows.isPending) return <Spinner label="Reading rows for the map…" />;
  if (rows.isError || !features)
    return (
      <p className="form__error" role="alert">
        {errorText(rows.error)}
      </p>
    );
  const drawn = features.collection.features.length;
  return (
    <div className="map-section">
      <p className="map-section__caption" data-testid="map-caption">
        Drawing {describeSource(source)}: {formatCount(drawn)} feature{drawn === 1 ? '' : 's'} from the first {formatCount(Math.min(MAP_SAMPLE_ROWS, rowCount ?? MAP_SAMPLE_ROWS))} rows
        {rowCount !== null && rowCount > MAP_SAMPLE_ROWS ? ` of ${formatCount(rowCount)}` : ''}
        {features.skipped ? `; ${formatCount(features.skipped)} without a usable location` : ''}.
      </p>
      <Suspense fallback={<Spinner label="Loading the map…" />}>
        <MapPreview collection={features.collection} />
      </Suspense>
    </div>
  );
}
